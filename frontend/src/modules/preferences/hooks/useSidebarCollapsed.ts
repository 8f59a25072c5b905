import { useRecoilState } from 'recoil';
import { sidebarCollapsedState } from '../states/sidebarCollapsedState';

/** Whether the sidebar is collapsed, and its setter. */
export function useSidebarCollapsed() {
  return useRecoilState(sidebarCollapsedState);
}
