import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import type { UploadPurpose } from '@/modules/api/client';
import { useApi } from '@/modules/auth/hooks/useApi';
import { Avatar } from '@/modules/ui/components/Avatar';
import { Button } from '@/modules/ui/components/Button';
import { FormError } from '@/modules/ui/components/Field';
import { Muted, Row } from '@/modules/ui/components/Layout';

export interface ImageUploadProps {
  /** The field's label. */
  label: string;
  /** The picture's address, or '' for none. */
  value: string;
  onChange: (url: string) => void;
  purpose: Extract<UploadPurpose, 'logo' | 'profile'>;
  /** The store a logo belongs to, when it exists already. */
  storeId?: string;
  /** The name whose initials stand in for a missing picture. */
  name: string;
  /**
   * Before there is an account to upload with (sign-up): the chosen file is handed over to be
   * uploaded once there is one, and shown from the device meanwhile.
   */
  onDeferred?: (file: File | null) => void;
}

/**
 * A picture chosen from the device (a logo or a profile photo): uploaded at once, shown from
 * the address the server gives back; the server reads the type from the content and makes the
 * thumbnail.
 */
export function ImageUpload({ label, value, onChange, purpose, storeId, name, onDeferred }: ImageUploadProps) {
  const { t } = useTranslation();
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => () => {
    if (local) URL.revokeObjectURL(local);
  }, [local]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (onDeferred) {
      onDeferred(file);
      setLocal(URL.createObjectURL(file));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const up = await api.upload(file, file.name, { purpose, storeId });
      onChange(up.url);
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div>
      <Row $gap={3} style={{ flexWrap: 'wrap' }}>
        <Avatar name={name} src={local ?? (value || null)} size={56} />
        <label htmlFor={id}><strong>{label}</strong></label>
        <input
          id={id}
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          onChange={(e) => void choose(e.target.files?.[0])}
          disabled={busy}
          data-testid={`upload-${purpose}`}
          style={{ maxWidth: '100%' }}
        />
        {value || local ? (
          <Button
            type="button"
            $small
            $variant="ghost"
            onClick={() => {
              onChange('');
              setLocal(null);
              onDeferred?.(null);
            }}
          >
            {t('files.remove')}
          </Button>
        ) : null}
        {busy ? <Muted role="status">{t('files.uploading')}</Muted> : null}
      </Row>
      {failure ? <FormError role="alert">{failure}</FormError> : null}
    </div>
  );
}
