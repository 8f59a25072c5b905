import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { mergeSurvey, type SurveyEntry, type SurveyView } from '../utils/surveys';

/**
 * A conversation's polls and open questions, live: each `survey.updated` change (a vote, an
 * edit, closing) replaces its survey, keeping whether the reader voted; a withdrawn one leaves.
 */
export function useSurveys(storeId: string | null, conversationId: string) {
  const api = useApi();
  const [surveys, setSurveys] = useState<SurveyEntry[]>([]);
  const load = useCallback(() => {
    if (!storeId) return;
    api.get<SurveyEntry[]>(`/stores/${storeId}/conversations/${conversationId}/surveys`).then(setSurveys, () => setSurveys([]));
  }, [api, storeId, conversationId]);
  useEffect(load, [load]);
  useChanges((event) => {
    if (event.type !== 'survey.updated') return;
    const view = event.data as SurveyView;
    if (view.conversation === conversationId) setSurveys((cur) => mergeSurvey(cur, view));
  }, load);
  /** The reader's own answer (their vote, or their change) arrived before its change. */
  const replace = useCallback((view: SurveyView, voted?: boolean) => setSurveys((cur) => mergeSurvey(cur, view, voted)), []);
  return { surveys, replace };
}
