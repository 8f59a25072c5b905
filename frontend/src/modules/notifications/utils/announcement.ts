/** An announcement as the form edits it. */
export interface AnnouncementDraft {
  title: string;
  content: string;
  /** The spec's variants: 1 success, 2 warning, 3 error, 4 info. */
  variant: number;
  everyone: boolean;
  /** Employee record ids, when not everyone. */
  employees: string[];
}

/** The server's limits (`sendAnnouncement`). */
export const ANNOUNCEMENT_LIMITS = { title: 100, content: 1000, employees: 500 } as const;

/** Catalogue keys of what is missing, by field; empty when it can be sent. */
export function announcementErrors(d: AnnouncementDraft): Partial<Record<'title' | 'content' | 'employees', string>> {
  const errors: Partial<Record<'title' | 'content' | 'employees', string>> = {};
  if (!d.title.trim()) errors.title = 'validation.required';
  if (!d.content.trim()) errors.content = 'validation.required';
  if (!d.everyone && d.employees.length === 0) errors.employees = 'announce.chooseSomeone';
  return errors;
}
