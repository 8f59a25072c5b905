import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { saveFile, useFileUrl } from '@/modules/files/hooks/useFileUrl';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Muted } from '@/modules/ui/components/Layout';
import type { Message } from '../utils/chat';
import { WrappingRow } from './ChatLayout';

type Attachment = Message['attachments'][number];

const Thumb = styled.button`
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  cursor: zoom-in;
  overflow: hidden;
  width: 120px;
  height: 120px;
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

const Full = styled.img`
  display: block;
  max-width: 100%;
  max-height: 70vh;
  margin: 0 auto;
  object-fit: contain;
`;

/** Bytes in the reader's language: "1.2 MB". */
export function fileSize(bytes: number, locale: string | undefined): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

function Picture({ file, onOpen }: { file: Attachment; onOpen: () => void }) {
  const { t } = useTranslation();
  const src = useFileUrl(`/api/v1/files/${file.id}/thumbnail`);
  return (
    <Thumb type="button" onClick={onOpen} aria-label={t('chat.openImage', { name: file.name })} data-testid="thumbnail">
      {src ? <img src={src} alt={file.name} width={file.width ?? undefined} height={file.height ?? undefined} /> : null}
    </Thumb>
  );
}

function Lightbox({ file, onClose }: { file: Attachment; onClose: () => void }) {
  const { t } = useTranslation();
  const src = useFileUrl(`/api/v1/files/${file.id}`);
  return (
    <Dialog title={file.name} onClose={onClose} actions={<Button type="button" onClick={onClose}>{t('common.close')}</Button>}>
      {src ? <Full src={src} alt={file.name} data-testid="lightbox-image" /> : <Muted>{t('common.loading')}</Muted>}
    </Dialog>
  );
}

/** A message's pictures (thumbnails that open full size) and documents (chips that download). */
export function Attachments({ files }: { files: Attachment[] }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const [open, setOpen] = useState<Attachment | null>(null);
  if (files.length === 0) return null;
  const download = async (file: Attachment) => {
    try {
      await saveFile(await api.blob(`/api/v1/files/${file.id}`), file.name);
    } catch (e) {
      snack(errorText(t, e), 'error', 'chat');
    }
  };
  return (
    <>
      <WrappingRow $gap={2} data-testid="attachments">
        {files.map((f) =>
          f.kind === 'image' ? (
            <Picture key={f.id} file={f} onOpen={() => setOpen(f)} />
          ) : (
            <Button key={f.id} type="button" $small $variant="secondary" onClick={() => void download(f)} data-testid="document" title={t('chat.download', { name: f.name })}>
              <FileText size={14} aria-hidden /> <bdi>{f.name}</bdi> · {fileSize(f.size, i18n.resolvedLanguage)}
            </Button>
          ),
        )}
      </WrappingRow>
      {open ? <Lightbox file={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
