import { useCallback, useEffect, useRef, useState } from 'react';
import { downsample, encodeWav, level as levelOf, VOICE_SECONDS_MAX } from '../utils/wav';

/** Where the microphone stands. */
export type MicState = 'idle' | 'starting' | 'recording' | 'unsupported' | 'denied';

interface Take {
  context: AudioContext;
  stream: MediaStream;
  node: ScriptProcessorNode;
  chunks: Float32Array[];
  limit: ReturnType<typeof setTimeout>;
}

/**
 * Records a command from the microphone with the Web Audio API, as 16 kHz mono WAV (what the
 * assistant's server takes, so it needs no decoder). Nothing leaves the browser but that
 * file, sent to the store's own server. A take stops itself at the longest command's length
 * and hands its recording to `onLimit`.
 */
export function useRecorder(onLimit: (recording: Blob) => void) {
  const [state, setState] = useState<MicState>('idle');
  const [level, setLevel] = useState(0);
  const take = useRef<Take | null>(null);
  // Released before the microphone opened: the take ends as soon as it starts.
  const releasedEarly = useRef(false);
  const limitRef = useRef(onLimit);
  limitRef.current = onLimit;

  const finish = useCallback((): Blob | null => {
    const current = take.current;
    if (!current) return null;
    take.current = null;
    clearTimeout(current.limit);
    current.node.disconnect();
    current.stream.getTracks().forEach((track) => track.stop());
    const rate = current.context.sampleRate;
    void current.context.close();
    setLevel(0);
    setState('idle');
    const samples = downsample(current.chunks, rate);
    return samples.length > 0 ? encodeWav(samples) : null;
  }, []);

  const start = useCallback(async () => {
    if (take.current) return;
    releasedEarly.current = false;
    const AudioContextClass = window.AudioContext;
    if (!navigator.mediaDevices?.getUserMedia || !AudioContextClass) {
      setState('unsupported');
      return;
    }
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
    } catch (e) {
      const name = e instanceof DOMException ? e.name : '';
      setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unsupported');
      return;
    }
    const context = new AudioContextClass();
    const source = context.createMediaStreamSource(stream);
    // A script processor is old but everywhere; the work per buffer is a copy and a sum.
    const node = context.createScriptProcessor(4096, 1, 1);
    const chunks: Float32Array[] = [];
    node.onaudioprocess = (event) => {
      const input = event.inputBuffer.getChannelData(0);
      chunks.push(new Float32Array(input));
      setLevel(levelOf(input));
    };
    source.connect(node);
    node.connect(context.destination);
    const limit = setTimeout(() => {
      const recording = finish();
      if (recording) limitRef.current(recording);
    }, (VOICE_SECONDS_MAX - 0.5) * 1000);
    take.current = { context, stream, node, chunks, limit };
    setState('recording');
    if (releasedEarly.current) finish();
  }, [finish]);

  const stop = useCallback((): Blob | null => {
    if (!take.current) {
      releasedEarly.current = true;
      return null;
    }
    return finish();
  }, [finish]);

  // A take still running when the panel closes ends with it.
  useEffect(() => () => void finish(), [finish]);

  return { state, level, start, stop };
}
