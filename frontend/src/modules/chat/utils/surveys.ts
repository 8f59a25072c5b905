import type { components } from '@/modules/api/schema';

/** A survey as everyone who reads its conversation sees it. */
export type SurveyView = components['schemas']['SurveyView'];
/** A survey as its reader sees it: with whether they voted. */
export type SurveyEntry = components['schemas']['SurveyEntry'];

/**
 * The surveys with `view` taken in: it replaces its survey (keeping whether the reader voted,
 * unless `voted` says), joins the list when new, and leaves it once withdrawn.
 */
export function mergeSurvey(current: SurveyEntry[], view: SurveyView, voted?: boolean): SurveyEntry[] {
  if (view.status === 'withdrawn') return current.filter((s) => s.id !== view.id);
  const old = current.find((s) => s.id === view.id);
  const next: SurveyEntry = { ...view, voted: voted ?? old?.voted ?? false };
  return old ? current.map((s) => (s.id === view.id ? next : s)) : [...current, next];
}

/** Whether the reader changes, closes and deletes a survey: its author, or a manager. */
export function managesSurvey(survey: SurveyView, me: string | null | undefined, manager: boolean): boolean {
  return manager || (!!me && survey.author === me);
}

/** Whether a survey's question and answers may still change: open, and nobody voted. */
export function changeable(survey: SurveyView): boolean {
  return survey.status === 'open' && survey.participants === 0;
}

/** A poll's answers as typed, one a line (none: an open question). */
export function answerLines(text: string): string[] {
  return text
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The survey a message carries, named by its action. */
export function surveyOf(action: unknown): string | null {
  const id = (action as { survey?: unknown } | null)?.survey;
  return typeof id === 'string' ? id : null;
}
