import { useMemo } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import type { Ticket, TicketPriority, TicketStatus } from '../types/support';

/** The support calls, as the signed-in user. */
export function useSupportCalls() {
  const api = useApi();
  return useMemo(
    () => ({
      /** Uploads a ticket's attachment (a zip or a jpg) and answers its id. */
      upload: async (file: File) => (await api.upload(file, file.name, { purpose: 'support' })).id,
      create: (input: { title: string; description: string; priority: TicketPriority; attachment?: string }): Promise<Ticket> =>
        api.call('createTicket', input),
      comment: (ticketId: string, text: string): Promise<Ticket> => api.call('addTicketComment', { ticketId, text }),
      answer: (ticketId: string, response: string, status: TicketStatus): Promise<Ticket> =>
        api.call('answerTicket', { ticketId, response, status }),
      feedback: (rating: number, text: string) => api.call('sendFeedback', { rating, text }),
      /** A file of a ticket, fetched with the token. */
      blob: (url: string) => api.blob(url),
    }),
    [api],
  );
}
