import type { TicketStatus, TicketSummary } from '../types/support';

/** Whether support answered and the ticket's user has not read it yet. */
export function hasUnseenAnswer(ticket: Pick<TicketSummary, 'seen' | 'adminResponse'>): boolean {
  return !ticket.seen && !!ticket.adminResponse;
}

/** The theme colour of a status badge. */
export function statusTone(status: TicketStatus): 'warning' | 'info' | 'success' {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'inProgress':
      return 'info';
    case 'resolved':
      return 'success';
  }
}

/** The catalogue keys of the FAQ, in the order shown. */
export const FAQ_KEYS = ['trial', 'nonprofit', 'plans', 'free', 'premium', 'invite', 'confirm', 'swap', 'clock', 'languages'] as const;

/** The help centre's topics by who they are for, each a catalogue key under `help`. */
export const HELP_TOPICS = {
  owners: ['store', 'invite', 'roles', 'clock'],
  managers: ['schedule', 'publish', 'requests', 'pool'],
  employees: ['shifts', 'swap', 'availability', 'clockIn'],
} as const;
