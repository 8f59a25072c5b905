import { describe, expect, it } from 'vitest';
import { DASHBOARD_STEPS, mainSteps, tourFor } from './tours';

describe('walkthrough tours', () => {
  it('show the dashboard its three steps and every other screen the main tour', () => {
    expect(DASHBOARD_STEPS.map((s) => s.target)).toEqual(['[data-tour="roles"]', '[data-tour="active-employees"]', '[data-tour="todays-shifts"]']);
    expect(tourFor('/dashboard')).toBe('dashboard');
    expect(tourFor('/schedule')).toBe('main');
    expect(tourFor('/home')).toBe('main');
  });

  it('point the menu step at the bottom bar on a phone and the sidebar elsewhere', () => {
    expect(mainSteps(true)[0]?.target).toBe('[data-tour="bottom-nav"]');
    expect(mainSteps(false)[0]?.target).toBe('[data-tour="sidebar"]');
    // Beside the sidebar, which may be taller than the screen.
    expect(mainSteps(false)[0]?.placement).toBe('right');
    expect(mainSteps(false, true)[0]?.placement).toBe('left');
    expect(mainSteps(true)[0]?.placement).toBe('top');
  });
});
