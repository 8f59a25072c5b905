import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Row } from '@/modules/ui/components/Layout';
import { useSupportCalls } from '../hooks/useSupportCalls';
import type { Ticket } from '../types/support';

const StyledThumb = styled.img`
  max-width: 120px;
  max-height: 120px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
`;

export type TicketAttachmentProps = { image: Ticket['images'][number] };

/** A ticket's file: a picture's thumbnail and a download, fetched with the token. */
export function TicketAttachment({ image }: TicketAttachmentProps) {
  const { t } = useTranslation();
  const { run } = useReportedCall();
  const calls = useSupportCalls();
  const [thumb, setThumb] = useState<string | null>(null);

  useEffect(() => {
    if (!image.thumbnailUrl) return;
    let url: string | null = null;
    let gone = false;
    calls
      .blob(image.thumbnailUrl)
      .then((blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setThumb(url);
      })
      .catch(() => setThumb(null));
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [calls, image.thumbnailUrl]);

  const handleOpen = async () => {
    const fetched = await run(() => calls.blob(image.imageUrl), { key: `ticket-file-${image.imageUrl}` });
    if (!fetched) return;
    const url = URL.createObjectURL(fetched.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = image.name;
    a.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <Row data-testid="ticket-attachment-view">
      {thumb ? <StyledThumb src={thumb} alt={image.name} data-testid="ticket-thumbnail" /> : null}
      <Button type="button" $small $variant="secondary" onClick={() => void handleOpen()}>
        {t('support.details.open', { name: image.name })}
      </Button>
    </Row>
  );
}
