import { describe, expect, it } from 'vitest';
import { answerLines, changeable, managesSurvey, mergeSurvey, surveyOf, type SurveyEntry, type SurveyView } from './surveys';

const view = (over: Partial<SurveyView> = {}): SurveyView => ({
  id: 's1',
  conversation: 'c1',
  message: 'm1',
  author: 'e-author',
  question: 'Pizza?',
  mode: 'poll',
  answers: ['Yes', 'No'],
  isMultiple: false,
  isAnonymous: false,
  status: 'open',
  results: [0, 0],
  participants: 0,
  voters: [],
  responses: [],
  estimatedSeconds: 2,
  timestamp: 0,
  ...over,
});

describe('surveys', () => {
  it('takes in a change, keeping whether the reader voted unless told', () => {
    const voted: SurveyEntry[] = [{ ...view(), voted: true }];
    const changed = mergeSurvey(voted, view({ participants: 2, results: [50, 50] }));
    expect(changed).toEqual([{ ...view({ participants: 2, results: [50, 50] }), voted: true }]);
    expect(mergeSurvey([], view())).toEqual([{ ...view(), voted: false }]);
    expect(mergeSurvey([{ ...view(), voted: false }], view(), true)[0]?.voted).toBe(true);
  });

  it('drops a withdrawn survey from the list', () => {
    const list: SurveyEntry[] = [{ ...view(), voted: false }, { ...view({ id: 's2' }), voted: false }];
    expect(mergeSurvey(list, view({ status: 'withdrawn' })).map((s) => s.id)).toEqual(['s2']);
  });

  it('lets its author or a manager manage it, and change it while open and unanswered', () => {
    expect(managesSurvey(view(), 'e-author', false)).toBe(true);
    expect(managesSurvey(view(), 'e-other', true)).toBe(true);
    expect(managesSurvey(view(), 'e-other', false)).toBe(false);
    expect(managesSurvey(view({ author: null }), null, false)).toBe(false);
    expect(changeable(view())).toBe(true);
    expect(changeable(view({ participants: 1 }))).toBe(false);
    expect(changeable(view({ status: 'closed' }))).toBe(false);
  });

  it('reads answers one a line and the survey a message carries', () => {
    expect(answerLines(' Early\n\nLate \n')).toEqual(['Early', 'Late']);
    expect(surveyOf({ survey: 's1' })).toBe('s1');
    expect(surveyOf({ dropRequest: 'r' })).toBeNull();
    expect(surveyOf(null)).toBeNull();
  });
});
