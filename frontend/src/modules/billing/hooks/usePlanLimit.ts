import { reachedLimit, type ReachedLimit } from '../utils/plans';
import type { CountedLimit } from '../types/billing';
import { useSubscription } from './useSubscription';

/** The current store's limit of `what` when it is used up (adding one more would pass it), else `null`. */
export function usePlanLimit(what: CountedLimit): ReachedLimit | null {
  const { data } = useSubscription();
  return reachedLimit(data, what);
}
