import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConvertH265Result, H265EstimateResponse } from '../../../common/contracts/convert-h265';
import { ApiError } from '../../lib/api';
import { takeHandedOffFile } from '../../lib/video/file-handoff';
import { probeVideo } from '../../lib/video/media-probe';
import {
  fetchEstimate,
  fetchStatus,
  requestConversion,
  requestUploadUrl,
  uploadFile,
  UploadStatusError,
} from './api';
import {
  NETWORK_FAILURE,
  checkFile,
  conversionFailure,
  isTooLong,
  nextProgress,
  percentOf,
  stepOfStatus,
  unsuccessfulAnswer,
  uploadAddressFailure,
  uploadFailure,
  type H265Failure,
  type H265Step,
} from './h265-rules';

/** What the screen knows of the time and size before uploading. */
export type Estimate =
  | { status: 'estimating' }
  | { status: 'estimated'; estimate: H265EstimateResponse }
  /** The browser could not read the file's headers, or the estimate failed: the server decides. */
  | { status: 'unknown' };

export type RunState =
  | { status: 'idle' }
  | { status: 'working'; percent: number; step: H265Step }
  | { status: 'done'; result: ConvertH265Result }
  | { status: 'failed'; failure: H265Failure };

/** A problem with the chosen file, found before anything is sent. */
export type FileProblem = { kind: 'notVideo' } | { kind: 'tooLarge'; n: string } | { kind: 'noFile' };

const STATUS_EVERY_MS = 1_000;

/** A chosen file, or why it is refused before anything is sent (spec part 2 §5). */
function choiceOf(chosen: File | null): { file: File | null; problem: FileProblem | null } {
  if (!chosen) return { file: null, problem: null };
  const check = checkFile(chosen);
  if (check.ok) return { file: chosen, problem: null };
  return {
    file: null,
    problem: check.problem === 'notVideo' ? { kind: 'notVideo' } : { kind: 'tooLarge', n: check.n },
  };
}
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The H.265 cloud conversion (spec part 2 §4): idle with a file -> asking for the upload address (5) -> uploading
 * (10 -> 40) -> converting (50 -> 99, the encoder's own progress read from the status while the conversion call
 * waits) -> done (100) or failed (the message, and the progress cleared).
 */
export function useH265Converter() {
  // A video handed over by the in-browser Video Converter (where this browser cannot make H.265) is preselected.
  const [handed] = useState(() => choiceOf(takeHandedOffFile('video-h265-converter')));
  const [file, setFile] = useState<File | null>(handed.file);
  const [fileSerial, setFileSerial] = useState(0);
  const [problem, setProblem] = useState<FileProblem | null>(handed.problem);
  const [estimate, setEstimate] = useState<{ serial: number; value: Estimate } | null>(null);
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const runAbort = useRef<AbortController | null>(null);

  useEffect(() => () => runAbort.current?.abort(), []);

  const chooseFile = useCallback((chosen: File | null) => {
    setRun((current) => (current.status === 'working' ? current : { status: 'idle' }));
    setFile(null);
    setEstimate(null);
    if (!chosen) return setProblem(null);
    const check = checkFile(chosen);
    if (!check.ok) {
      return setProblem(
        check.problem === 'notVideo' ? { kind: 'notVideo' } : { kind: 'tooLarge', n: check.n },
      );
    }
    setProblem(null);
    setFile(chosen);
    setFileSerial((n) => n + 1);
  }, []);

  // The estimate, from the file's headers (read in the browser) and the server's measured speed.
  useEffect(() => {
    if (!file) return;
    const abort = new AbortController();
    const serial = fileSerial;
    const settle = (value: Estimate) => {
      if (!abort.signal.aborted) setEstimate({ serial, value });
    };
    settle({ status: 'estimating' });
    void (async () => {
      const probe = await probeVideo(file);
      if (!probe?.duration) return settle({ status: 'unknown' });
      try {
        const answer = await fetchEstimate(
          {
            durationSeconds: probe.duration,
            width: probe.width,
            height: probe.height,
            ...(probe.frameRate !== null ? { frameRate: probe.frameRate } : {}),
            size: file.size,
          },
          abort.signal,
        );
        settle({ status: 'estimated', estimate: answer });
      } catch {
        settle({ status: 'unknown' });
      }
    })();
    return () => abort.abort();
  }, [file, fileSerial]);

  const currentEstimate = file && estimate?.serial === fileSerial ? estimate.value : null;
  const tooLong = currentEstimate?.status === 'estimated' && isTooLong(currentEstimate.estimate);

  const convert = useCallback(async () => {
    if (run.status === 'working') return;
    if (!file) return setProblem((current) => current ?? { kind: 'noFile' });
    if (tooLong) return;
    setProblem(null);
    const abort = new AbortController();
    runAbort.current?.abort();
    runAbort.current = abort;
    const { signal } = abort;
    let progress = { percent: percentOf({ kind: 'requesting' }), step: { kind: 'requesting' } as H265Step };
    const advance = (step: H265Step) => {
      if (signal.aborted) return;
      progress = nextProgress(progress, step);
      setRun({ status: 'working', ...progress });
    };
    const fail = (failure: H265Failure) => {
      if (!signal.aborted) setRun({ status: 'failed', failure });
    };
    setRun({ status: 'working', ...progress });

    let address;
    try {
      address = await requestUploadUrl(
        { filename: file.name, contentType: file.type, size: file.size },
        signal,
      );
    } catch (error) {
      if (isAbort(error)) return;
      return fail(error instanceof ApiError ? uploadAddressFailure(error.body) : NETWORK_FAILURE);
    }

    advance({ kind: 'uploading', loaded: 0, total: file.size });
    try {
      await uploadFile(
        address,
        file,
        (loaded, total) => advance({ kind: 'uploading', loaded, total }),
        signal,
      );
    } catch (error) {
      if (isAbort(error)) return;
      return fail(error instanceof UploadStatusError ? uploadFailure(error.status) : NETWORK_FAILURE);
    }
    advance({ kind: 'uploaded' });

    // The conversion call answers when the conversion ends; meanwhile its status says where the encoder is.
    const { s3Key } = address;
    let polling = true;
    const poll = async () => {
      while (polling && !signal.aborted) {
        try {
          const step = stepOfStatus(await fetchStatus(s3Key, signal));
          if (step && polling) advance(step);
        } catch {
          // A missed status is only a missed update: the conversion call says how it ended.
        }
        await new Promise((resolve) => setTimeout(resolve, STATUS_EVERY_MS));
      }
    };
    try {
      const answering = requestConversion({ s3Key, filename: file.name }, signal);
      void poll();
      const answer = await answering;
      polling = false;
      if (!answer.success) return fail(unsuccessfulAnswer(answer.body));
      if (!signal.aborted) setRun({ status: 'done', result: answer });
    } catch (error) {
      polling = false;
      if (isAbort(error) || signal.aborted) return;
      fail(
        error instanceof ApiError
          ? conversionFailure(error.status, error.body)
          : error instanceof TypeError
            ? NETWORK_FAILURE
            : conversionFailure(500, undefined),
      );
    } finally {
      polling = false;
      if (runAbort.current === abort) runAbort.current = null;
    }
  }, [run.status, file, tooLong]);

  /** Convert Another Video: back to choosing a file. */
  const reset = useCallback(() => {
    runAbort.current?.abort();
    runAbort.current = null;
    setRun({ status: 'idle' });
    setFile(null);
    setEstimate(null);
    setProblem(null);
  }, []);

  return { file, problem, estimate: currentEstimate, tooLong, run, chooseFile, convert, reset };
}
