import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mic } from 'lucide-react';
import styled from 'styled-components';
import type { VoiceAnswer } from '@/modules/api/client';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { useRecorder } from '../hooks/useRecorder';

const StyledTalk = styled.button<{ $live: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(2)};
  width: 100%;
  min-height: 64px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 2px solid ${({ theme }) => theme.color.primary};
  background: ${({ theme, $live }) => ($live ? theme.color.primary : theme.color.surface)};
  color: ${({ theme, $live }) => ($live ? theme.color.onPrimary : theme.color.primaryStrong)};
  font-size: 16px;
  font-weight: 600;
  cursor: pointer;
  touch-action: none;
  user-select: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 3px; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;

const StyledMeter = styled.meter`
  width: 100%;
  height: 10px;
  margin-top: ${({ theme }) => theme.spacing(2)};
`;

const StyledNote = styled.p`
  margin: ${({ theme }) => theme.spacing(3)} 0 0;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledAlert = styled.p`
  margin: ${({ theme }) => theme.spacing(3)} 0 0;
  padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.text};
`;

const StyledTyped = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(4)};
  input {
    flex: 1;
    min-width: 0;
    min-height: 40px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius}px;
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
  }
`;

const StyledExchange = styled.div`
  margin: ${({ theme }) => theme.spacing(4)} 0 0;
  dl { margin: 0; }
  dt { font-size: 13px; color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0 0 ${({ theme }) => theme.spacing(2)}; overflow-wrap: anywhere; }
  audio { width: 100%; margin-top: ${({ theme }) => theme.spacing(2)}; }
`;

const StyledChoices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(2)};
`;

export interface VoicePanelProps {
  storeId: string;
  onClose: () => void;
}

/**
 * The voice assistant: hold the button (or Space or Enter on it) and speak; the command is
 * recorded here, recognised on the store's own server, and answered aloud and in writing.
 * An action is spoken back and waits for Confirm. A command can also be typed. Speech is
 * recognised in English; commands are typed in any of the app's languages and answered in
 * the app's language, aloud where the server has a voice for it (the panel says which).
 */
export function VoicePanel({ storeId, onClose }: VoicePanelProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<VoiceAnswer | null>(null);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  // Whether the server had no voice for the last answer's language.
  const [voiceless, setVoiceless] = useState(false);
  const audioRef = useRef<HTMLAudioElement>(null);

  const handleAnswer = useCallback(
    async (command: { recording?: Blob; text?: string; confirmation?: string }) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await api.voice(storeId, command);
        setReply(answer);
        setVoiceless(answer.audio === null);
        setAudioUrl((old) => {
          if (old) URL.revokeObjectURL(old);
          return answer.audio ? URL.createObjectURL(answer.audio) : null;
        });
      } catch (e) {
        setReply(null);
        setError(errorText(t, e));
      } finally {
        setBusy(false);
      }
    },
    [api, storeId, t],
  );

  const recorder = useRecorder((recording) => void handleAnswer({ recording }));

  // The answer is spoken as soon as it arrives; the player stays to hear it again.
  useEffect(() => {
    if (audioUrl) void audioRef.current?.play().catch(() => {});
  }, [audioUrl]);
  useEffect(() => () => {
    if (audioUrl) URL.revokeObjectURL(audioUrl);
  }, [audioUrl]);

  const handleStart = () => {
    if (busy) return;
    setError(null);
    void recorder.start();
  };
  const handleStop = () => {
    const recording = recorder.stop();
    if (recording) void handleAnswer({ recording });
  };
  const handleKeyDown = (e: KeyboardEvent) => {
    if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
      e.preventDefault();
      handleStart();
    }
  };
  const handleKeyUp = (e: KeyboardEvent) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      handleStop();
    }
  };
  const handleTyped = (e: FormEvent) => {
    e.preventDefault();
    const text = typed.trim();
    if (text) void handleAnswer({ text });
  };
  const handleConfirm = () => {
    if (reply?.confirmation) void handleAnswer({ confirmation: reply.confirmation });
  };
  const handleCancel = () => {
    setReply((r) => (r ? { ...r, confirmation: null, answer: t('voice.cancelled') } : r));
  };

  const live = recorder.state === 'recording' || recorder.state === 'starting';
  const micProblem =
    recorder.state === 'unsupported' ? t('voice.unsupported') : recorder.state === 'denied' ? t('voice.denied') : null;

  return (
    <Dialog
      title={t('voice.title')}
      onClose={onClose}
      actions={
        <Button $variant="secondary" onClick={onClose}>
          {t('voice.close')}
        </Button>
      }
    >
      {i18n.resolvedLanguage !== 'en' ? (
        <StyledNote data-testid="voice-language">{t(voiceless ? 'voice.languageShown' : 'voice.languageSpoken')}</StyledNote>
      ) : null}
      <StyledTalk
        type="button"
        $live={live}
        disabled={busy}
        aria-pressed={live}
        onPointerDown={handleStart}
        onPointerUp={handleStop}
        onPointerLeave={() => live && handleStop()}
        onKeyDown={handleKeyDown}
        onKeyUp={handleKeyUp}
        data-testid="voice-talk"
      >
        <Mic size={22} aria-hidden="true" />
        {busy ? t('voice.thinking') : live ? t('voice.listening') : t('voice.hold')}
      </StyledTalk>
      <StyledMeter min={0} max={1} value={recorder.level} aria-label={t('voice.level')} />
      {micProblem ? <StyledAlert role="alert">{micProblem}</StyledAlert> : null}
      <StyledTyped onSubmit={handleTyped}>
        <input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={500}
          aria-label={t('voice.typed')}
          placeholder={t('voice.typedPlaceholder')}
          dir="auto"
        />
        <Button type="submit" disabled={busy || !typed.trim()}>
          {t('voice.ask')}
        </Button>
      </StyledTyped>
      {error ? <StyledAlert role="alert">{error}</StyledAlert> : null}
      <div aria-live="polite">
        {reply ? (
          <StyledExchange>
            <dl>
            {reply.transcript ? (
              <>
                <dt>{t('voice.youSaid')}</dt>
                <dd data-testid="voice-transcript" dir="auto">
                  {reply.transcript}
                </dd>
              </>
            ) : null}
            <dt>{t('voice.answer')}</dt>
            <dd data-testid="voice-answer" dir="auto" lang={reply.language}>
              {reply.answer}
            </dd>
            </dl>
            {reply.confirmation ? (
              <StyledChoices>
                <Button onClick={handleConfirm} disabled={busy}>
                  {t('voice.confirm')}
                </Button>
                <Button $variant="secondary" onClick={handleCancel} disabled={busy}>
                  {t('voice.cancel')}
                </Button>
              </StyledChoices>
            ) : null}
            {audioUrl ? (
              <audio ref={audioRef} src={audioUrl} controls aria-label={t('voice.spoken')} data-testid="voice-audio" />
            ) : (
              <StyledNote>{t('voice.notSpoken')}</StyledNote>
            )}
          </StyledExchange>
        ) : (
          <StyledNote>{t('voice.hint')}</StyledNote>
        )}
      </div>
      <StyledNote>{t('voice.local')}</StyledNote>
    </Dialog>
  );
}
