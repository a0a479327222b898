import { expect, type Page } from '@playwright/test';

/** Answers the development stand-in's consent page (the popup) as the given person. */
export async function consentAs(page: Page, open: () => Promise<void>, email: string) {
  const popupPromise = page.waitForEvent('popup');
  await open();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { name: /Sign in with Google/ })).toBeVisible();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('First name').fill('Katherine');
  await popup.getByLabel('Last name').fill('Johnson');
  // The popup closes itself once it has handed the code over.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

/** From the Signup page: ticks the terms and privacy boxes, then signs up with Google as `email`. */
export async function signUpWithGoogle(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('I accept the terms of service').check();
  await page.getByLabel('I accept the privacy policy').check();
  await consentAs(
    page,
    () => page.getByRole('button', { name: 'Sign up with Google' }).click(),
    email,
  );
}
