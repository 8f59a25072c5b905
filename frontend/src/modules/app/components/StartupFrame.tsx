import { useTranslation } from 'react-i18next';
import { ink, primaries } from '@/modules/ui/theme/tokens';

/**
 * The frame as the app starts, while the signed-in user and the store are read: the same
 * picture `index.html` draws before any script runs (its classes are in
 * `styles/startup.css`), so the page does not change from the first paint until the real
 * frame replaces it. It is announced as loading; the drawing itself says nothing.
 */
export function StartupFrame() {
  const { t } = useTranslation();
  return (
    <div className="startup" role="progressbar" aria-label={t('common.loading')}>
      <div className="startup-side" />
      <div className="startup-main">
        <div className="startup-bar">
          <svg viewBox="0 0 512 512" width="28" height="28" aria-hidden="true">
            <rect width="512" height="512" rx="112" fill={primaries.default.light.main} />
            <circle cx="256" cy="256" r="150" fill="none" stroke={ink.white} strokeWidth="36" />
            <path d="M256 164v100l64 40" fill="none" stroke={ink.white} strokeWidth="36" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <div className="startup-page">
          <div className="startup-title" />
          <div className="startup-body" />
        </div>
      </div>
      <div className="startup-nav" />
    </div>
  );
}
