import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { Subscription } from '../types/billing';
import { checkoutConfirmed, checkoutReturn, forgetCheckout, pendingCheckout } from '../utils/checkout';

/** How often the plan is read again while a checkout's return waits for its payment. */
export const CONFIRM_POLL_MS = 3_000;
/** How long the return waits before saying the payment is slow to confirm. */
export const CONFIRM_WAIT_MS = 60_000;

/**
 * What the plan screen says about a checkout it is back from (`?checkout=`): confirming the
 * payment (until the store's plan shows it: its realtime change, or a read every few
 * seconds for up to a minute), confirmed, slow to confirm, or cancelled with nothing charged.
 */
export type CheckoutState = 'confirming' | 'confirmed' | 'slow' | 'cancelled';

export function useCheckoutReturn(subscription: Subscription | null, reload: () => void) {
  const [params, setParams] = useSearchParams();
  const { storeId } = useCurrentStore();
  const back = checkoutReturn(params.get('checkout'));
  const pending = useMemo(() => (storeId ? pendingCheckout(storeId) : null), [storeId]);
  const [timedOut, setTimedOut] = useState(false);
  const confirmed = back === 'success' && subscription !== null && checkoutConfirmed(subscription, pending);
  const waiting = back === 'success' && !confirmed && !timedOut;

  useEffect(() => {
    if (!waiting) return;
    const poll = setInterval(reload, CONFIRM_POLL_MS);
    const stop = setTimeout(() => setTimedOut(true), CONFIRM_WAIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [waiting, reload]);

  useEffect(() => {
    if (confirmed || back === 'cancelled') forgetCheckout();
  }, [confirmed, back]);

  const dismiss = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      // The provider's return names its session too.
      next.delete('checkout');
      next.delete('session_id');
      return next;
    }, { replace: true });
  }, [setParams]);

  const state: CheckoutState | null =
    back === 'cancelled' ? 'cancelled' : back === 'success' ? (confirmed ? 'confirmed' : timedOut ? 'slow' : 'confirming') : null;
  return { state, dismiss };
}
