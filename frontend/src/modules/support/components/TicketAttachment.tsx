import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
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
  const snack = useSnackbar();
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
    try {
      const blob = await calls.blob(image.imageUrl);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = image.name;
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      snack(errorText(t, e), 'error');
    }
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
