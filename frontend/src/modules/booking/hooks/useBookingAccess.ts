import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';

/**
 * Whether the booking screens are open to the user: the store has booking on (its settings
 * arrive live, so the owner's toggle shows or hides them at once) and the user may schedule.
 */
export function useBookingAccess(): boolean {
  const { store, permissions } = useCurrentStore();
  return store?.bookingEnabled === true && (permissions.isOwner || permissions.names.includes('schedule'));
}
