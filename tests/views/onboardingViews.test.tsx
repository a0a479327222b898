import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import {
  OnboardingView,
  type OnboardingViewProps,
} from '../../src/features/onboarding/OnboardingView';
import { ProfileView } from '../../src/features/profile/ProfileView';
import { Tabs } from '../../src/views/components/Tabs';
import { axeViolations, useInkCanvas } from './axe';

useInkCanvas();

const violations = (ui: ReactElement) => axeViolations(ui, { settle: true });

const TOPICS = [
  { id: 1, name: 'Animal welfare', chosen: true },
  { id: 2, name: 'Climate action', chosen: false },
];

const topicsStep = (over: Partial<Extract<OnboardingViewProps, { kind: 'topics' }>> = {}) => ({
  kind: 'topics' as const,
  topics: TOPICS,
  button: { label: 'Choose at least 3 Topics', disabled: true },
  saving: false,
  canToggle: true,
  alert: null,
  onToggle: vi.fn(),
  onSave: vi.fn(),
  ...over,
});

describe('OnboardingView', () => {
  it('step 2: topics as toggle buttons, the disabled minimum button, the save alert', async () => {
    const props = topicsStep({
      alert: { title: 'Error saving topics', lines: ['Error updating user topics'] },
    });
    render(<OnboardingView {...props} />);
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(within(steps).getByText('Topics').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    const chosen = screen.getByRole('button', { name: 'Animal welfare' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Climate action' }));
    expect(props.onToggle).toHaveBeenCalledWith(2);
    const save = screen.getByRole('button', { name: 'Choose at least 3 Topics' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('Error saving topics');
    expect(screen.getByRole('alert').textContent).toContain('Error updating user topics');
  });

  it('step 2: enough topics send the save; while saving, topics do not change', () => {
    const props = topicsStep({
      button: { label: 'Select these 3 topics', disabled: true },
      saving: true,
      canToggle: false,
    });
    render(<OnboardingView {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Animal welfare' }));
    expect(props.onToggle).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Saving/ })).toBeTruthy();
  });

  it('step 3: the widget, and Skip until a picture is saved, then Next', () => {
    const onNext = vi.fn();
    const onSkip = vi.fn();
    const { rerender } = render(
      <OnboardingView
        kind="photo"
        widget={<p>widget here</p>}
        hasPhoto={false}
        busy={false}
        onNext={onNext}
        onSkip={onSkip}
      />,
    );
    expect(screen.getByText('widget here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onSkip).toHaveBeenCalledOnce();
    rerender(
      <OnboardingView
        kind="photo"
        widget={<p>widget here</p>}
        hasPhoto
        busy={false}
        onNext={onNext}
        onSkip={onSkip}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it("step 4: Start Giving, and the completion error in the spec's words", () => {
    const onStart = vi.fn();
    render(
      <OnboardingView
        kind="welcome"
        completing={false}
        error="Error setting onboarding as completed."
        onStart={onStart}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start Giving' }));
    expect(onStart).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toContain(
      'Error setting onboarding as completed.',
    );
  });

  it("a failed load: 'Error loading data' and a way to load again", () => {
    const onRetry = vi.fn();
    render(
      <OnboardingView
        kind="loadFailed"
        alert={{
          title: 'Error loading data',
          lines: ['Error getting topics', 'Please reload and try again'],
        }}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error loading data');
    expect(alert.textContent).toContain('Please reload and try again');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has no axe violations in any step', async () => {
    expect(await violations(<OnboardingView {...topicsStep()} />)).toEqual([]);
    expect(
      await violations(
        <OnboardingView
          kind="photo"
          widget={<p>widget</p>}
          hasPhoto={false}
          busy={false}
          onNext={vi.fn()}
          onSkip={vi.fn()}
        />,
      ),
    ).toEqual([]);
    expect(
      await violations(<OnboardingView kind="welcome" completing error={null} onStart={vi.fn()} />),
    ).toEqual([]);
  });
});

describe('ProfileView and Tabs', () => {
  const profile = (
    <ProfileView
      avatar={<p>avatar widget</p>}
      fullName="Nina Park"
      handle="ninapark"
      email="newbie@example.com"
      organisation="Nina Park"
      accountType="Individual Account"
      counts={[
        { label: 'Drops', value: '0' },
        { label: 'Raised', value: '0' },
        { label: 'Followers', value: '0' },
      ]}
    />
  );

  it('shows the name, the handle and the counts Drops, Raised, Followers', () => {
    render(profile);
    expect(screen.getByRole('heading', { level: 1, name: 'Nina Park' })).toBeTruthy();
    expect(screen.getAllByText('@ninapark').length).toBeGreaterThan(0);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms.slice(0, 3)).toEqual(['Drops', 'Raised', 'Followers']);
  });

  it("shows 'Failed to fetch dashboard information' with a retry when the counts failed", async () => {
    const onRetryCounts = vi.fn();
    const failed = (
      <ProfileView
        {...profile.props}
        countsError="Failed to fetch dashboard information"
        onRetryCounts={onRetryCounts}
      />
    );
    render(failed);
    expect(screen.getByText('Failed to fetch dashboard information')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetryCounts).toHaveBeenCalledOnce();
    expect(await violations(failed)).toEqual([]);
  });

  it('has the tabs Profile, Collectibles, Analytics, moved through with the arrow keys', () => {
    render(profile);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Profile', 'Collectibles', 'Analytics']);
    // Only the selected tab is in the Tab order.
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('No collectibles yet');
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toContain('No analytics yet');
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2]!, { key: 'Home' });
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    fireEvent.click(tabs[2]!);
    expect(tabs[2]!.getAttribute('aria-selected')).toBe('true');
  });

  it('has no axe violations', async () => {
    expect(await violations(profile)).toEqual([]);
    expect(
      await violations(
        <Tabs
          label="Sections"
          tabs={[
            { key: 'a', label: 'A', panel: <p>a</p> },
            { key: 'b', label: 'B', panel: <p>b</p> },
          ]}
        />,
      ),
    ).toEqual([]);
  });
});
