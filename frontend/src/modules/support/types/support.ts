import type { components } from '@/modules/api/schema';

type Schemas = components['schemas'];

/** A ticket as a list shows it. */
export type TicketSummary = Schemas['TicketSummary'];
/** A ticket with its thread and attachment. */
export type Ticket = Schemas['TicketView'];
/** The tickets a caller sees, and whether they are support staff. */
export type TicketList = Schemas['TicketList'];
/** How urgent a ticket is. */
export type TicketPriority = Schemas['Priority'];
/** Where a ticket stands. */
export type TicketStatus = Schemas['Status'];

/** The priorities, least urgent first. */
export const PRIORITIES: TicketPriority[] = ['low', 'medium', 'high'];
/** The statuses support answers with. */
export const ANSWER_STATUSES: TicketStatus[] = ['inProgress', 'resolved'];
