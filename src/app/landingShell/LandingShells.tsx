/**
 * The shells of `/` (shellDom.ts), rendered to HTML at build time (scripts/landing-shell.ts) from
 * the views the app renders there, so that the app's first screen takes their place without a
 * shift: the public layout with the visitor's heading, and the app layout with the greeting's
 * place (boot.ts writes the greeting). The signed-in person's picture and organisation are the
 * app's to show; their places are kept (the avatars as plain circles).
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { CLIENT_VERSION } from '../../../contract/enums';
import { AppLayoutView, type AppLayoutUser } from '../../views/layouts/AppLayoutView';
import { PublicLayoutView } from '../../views/layouts/PublicLayoutView';
import { HomeFrame, HomeHeading } from '../../features/home/HomeView';
import {
  LANDING_SHELL_ID,
  LANDING_SHELL_STYLE,
  MEMBER_TEMPLATE_ID,
  VISITOR_TEMPLATE_ID,
} from './shellDom';

const PLACEHOLDER_USER: AppLayoutUser = {
  fullName: '',
  handle: '',
  avatarUrl: '',
  avatarColor: 'transparent',
  avatarBGColor: '',
  tenantName: '',
  canChangePassword: true,
  canManageUsers: false,
  canAdminister: false,
  organisations: [],
};

/** The shell is static markup: its menu is never opened. */
const ignoreSwitch = () => {};

/** The greeting's place: a non-breaking space, so the heading has its line's height. */
const GREETING_PLACE = '\u00a0';

/** The markup of `tree` at `/` (its links are wouter's, which read the location). */
const render = (tree: ReactNode) => renderToStaticMarkup(<Router ssrPath="/">{tree}</Router>);

export function renderVisitorShell(): string {
  return render(
    <PublicLayoutView signedIn={false}>
      <HomeFrame>
        <HomeHeading signedIn={false} />
      </HomeFrame>
    </PublicLayoutView>,
  );
}

export function renderMemberShell(): string {
  return render(
    <AppLayoutView
      pathname="/"
      user={PLACEHOLDER_USER}
      clientVersion={CLIENT_VERSION}
      onSwitchOrganisation={ignoreSwitch}
    >
      <HomeFrame>
        <HomeHeading signedIn title={GREETING_PLACE} />
      </HomeFrame>
    </AppLayoutView>,
  );
}

/**
 * What the server puts before `#root` on `/` (less the inline script, which it adds with its
 * hash in the Content-Security-Policy): the style, the empty shell and the two templates.
 */
export function renderLandingShellMarkup(): string {
  return (
    `<style>${LANDING_SHELL_STYLE}</style>` +
    `<div id="${LANDING_SHELL_ID}"></div>` +
    `<template id="${VISITOR_TEMPLATE_ID}">${renderVisitorShell()}</template>` +
    `<template id="${MEMBER_TEMPLATE_ID}">${renderMemberShell()}</template>`
  );
}
