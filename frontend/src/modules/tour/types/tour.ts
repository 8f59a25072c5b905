import type { TourName, TourStep } from '../utils/tours';

/** A tour to show: its name (which keeps whether it ran) and its steps. */
export interface TourProps {
  name: TourName;
  steps: TourStep[];
}
