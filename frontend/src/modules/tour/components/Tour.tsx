import { lazy, Suspense } from 'react';
import { useTourRun } from '../hooks/useTourRun';
import type { TourProps } from '../types/tour';

const TourGuide = lazy(() => import('./TourGuide').then((m) => ({ default: m.TourGuide })));

/**
 * A walkthrough tour, shown until the person finishes or skips it, then never again on this
 * device unless started again from Settings. Its code loads only while it still has to run.
 */
export function Tour(props: TourProps) {
  const { running } = useTourRun(props.name);
  if (!running) return null;
  return (
    <Suspense fallback={null}>
      <TourGuide {...props} />
    </Suspense>
  );
}
