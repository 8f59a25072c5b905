import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { loadFromServer } from '../utils/serverPage';
import { StartupFrame } from './StartupFrame';

/**
 * A public page the server renders (pricing, contact), reached by a link inside the app: the
 * browser loads it from the server, as it would from anywhere else.
 */
export function ServerPage() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    loadFromServer(`${pathname}${search}`);
  }, [pathname, search]);
  return <StartupFrame />;
}
