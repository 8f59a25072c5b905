import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Joyride, STATUS, type EventData } from 'react-joyride';
import { useTheme } from 'styled-components';
import { useTourRun } from '../hooks/useTourRun';
import type { TourProps } from '../types/tour';

/** The spec's wait before a tour starts, so the screen has settled under it. */
const START_DELAY_MS = 500;

/**
 * A walkthrough tour on react-joyride, run until the person finishes or skips it. No beacon
 * and no loader: those would inject style elements that the app's Content-Security-Policy
 * refuses.
 */
export function TourGuide({ name, steps }: TourProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { running, end } = useTourRun(name);
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setTimeout(() => setSettled(true), START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [running]);

  const shown = useMemo(
    () => steps.map((s) => ({ target: s.target, title: t(s.title), content: t(s.content), ...(s.placement ? { placement: s.placement } : {}) })),
    [steps, t],
  );

  const handleEvent = (data: EventData) => {
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) end();
  };

  if (!running) return null;
  return (
    <Joyride
      steps={shown}
      run={settled}
      continuous
      loaderComponent={null}
      onEvent={handleEvent}
      locale={{
        back: t('tour.back'),
        close: t('common.close'),
        last: t('tour.done'),
        next: t('tour.next'),
        nextWithProgress: t('tour.nextOf', { current: '{current}', total: '{total}' }),
        skip: t('tour.skip'),
      }}
      options={{
        skipBeacon: true,
        showProgress: true,
        buttons: ['back', 'skip', 'primary'],
        primaryColor: theme.color.primary,
        textColor: theme.color.text,
        backgroundColor: theme.color.surface,
        arrowColor: theme.color.surface,
        overlayColor: theme.color.overlay,
        zIndex: 1000,
        width: 320,
      }}
    />
  );
}
