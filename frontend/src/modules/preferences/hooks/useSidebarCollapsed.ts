import { useAtom } from 'jotai';
import { sidebarCollapsedState } from '../states/sidebarCollapsedState';

/** Whether the sidebar is collapsed, and its setter. */
export function useSidebarCollapsed() {
  return useAtom(sidebarCollapsedState);
}
