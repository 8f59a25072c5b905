import { describe, expect, it } from 'vitest';
import { announcementErrors } from './announcement';

const draft = { title: 'Inventory', content: 'Sunday at 8.', variant: 4, everyone: true, employees: [] };

describe('an announcement', () => {
  it('needs a title and a text', () => {
    expect(announcementErrors(draft)).toEqual({});
    expect(announcementErrors({ ...draft, title: '  ', content: '' })).toEqual({ title: 'validation.required', content: 'validation.required' });
  });

  it('names someone when it is not for everyone', () => {
    expect(announcementErrors({ ...draft, everyone: false })).toEqual({ employees: 'announce.chooseSomeone' });
    expect(announcementErrors({ ...draft, everyone: false, employees: ['e1'] })).toEqual({});
  });
});
