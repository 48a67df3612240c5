import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConvertH265Result, H265EstimateResponse } from '../../../common/contracts/video-h265-converter';
import { ERROR_CODES } from '../../../common/errors';
import { ApiError } from '../../lib/api';
import { readFailure } from '../../lib/error-text';
import { takeHandedOffFile } from '../../lib/video/file-handoff';
import { probeVideo } from '../../lib/video/media-probe';
import {
  cancelConversion,
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
  /** `cancelling`: Cancel was pressed, the server has not answered yet. */
  | { status: 'working'; percent: number; step: H265Step; cancelling?: boolean }
  | { status: 'done'; result: ConvertH265Result }
  | { status: 'failed'; failure: H265Failure }
  /** Cancelled (issue 29): the server's message, null when nothing had reached it. */
  | { status: 'cancelled'; message: string | null };

/** The run in progress: what stops it here, and what the server knows it by once the upload address is given. */
type Run = {
  abort: AbortController;
  filename: string;
  /** The upload key, once asked for (null: the address call failed). */
  s3Key: Promise<string | null> | null;
  cancelling: boolean;
};

/** A problem with the chosen file, found before anything is sent. */
export type FileProblem = { kind: 'notVideo' } | { kind: 'tooLarge'; bytes: number } | { kind: 'noFile' };

const STATUS_EVERY_MS = 1_000;

/** A chosen file, or why it is refused before anything is sent (spec part 2 §5). */
function choiceOf(chosen: File | null): { file: File | null; problem: FileProblem | null } {
  if (!chosen) return { file: null, problem: null };
  const check = checkFile(chosen);
  if (check.ok) return { file: chosen, problem: null };
  return {
    file: null,
    problem: check.problem === 'notVideo' ? { kind: 'notVideo' } : { kind: 'tooLarge', bytes: check.bytes },
  };
}
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** How a conversion call ended: its result, cancelled (by this page or another), or the failure to show. */
function endOf(answer: Awaited<ReturnType<typeof requestConversion>>): RunState {
  if (!answer.success) return { status: 'failed', failure: unsuccessfulAnswer(answer.body) };
  return { status: 'done', result: answer };
}

function failedOf(error: unknown): RunState {
  if (error instanceof ApiError) {
    const { code, text } = readFailure(error.body);
    if (code === ERROR_CODES.conversionCancelled) return { status: 'cancelled', message: text ?? null };
    return { status: 'failed', failure: conversionFailure(error.status, error.body) };
  }
  return {
    status: 'failed',
    failure: error instanceof TypeError ? NETWORK_FAILURE : conversionFailure(500, undefined),
  };
}

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
  const current = useRef<Run | null>(null);

  useEffect(() => () => current.current?.abort.abort(), []);

  const chooseFile = useCallback((chosen: File | null) => {
    setRun((current) => (current.status === 'working' ? current : { status: 'idle' }));
    setFile(null);
    setEstimate(null);
    if (!chosen) return setProblem(null);
    const check = checkFile(chosen);
    if (!check.ok) {
      return setProblem(
        check.problem === 'notVideo' ? { kind: 'notVideo' } : { kind: 'tooLarge', bytes: check.bytes },
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
    if (!file) return setProblem((existing) => existing ?? { kind: 'noFile' });
    if (tooLong) return;
    setProblem(null);
    const abort = new AbortController();
    current.current?.abort.abort();
    const mine: Run = { abort, filename: file.name, s3Key: null, cancelling: false };
    current.current = mine;
    const { signal } = abort;
    let progress = { percent: percentOf({ kind: 'requesting' }), step: { kind: 'requesting' } as H265Step };
    const advance = (step: H265Step) => {
      if (signal.aborted) return;
      progress = nextProgress(progress, step);
      setRun({ status: 'working', ...progress });
    };
    const settle = (next: RunState) => {
      if (!signal.aborted) setRun(next);
    };
    setRun({ status: 'working', ...progress });

    // Not aborted by Cancel: an address given out is cancelled on the server (it would count as a waiting upload).
    const asking = requestUploadUrl({ filename: file.name, contentType: file.type, size: file.size });
    mine.s3Key = asking.then(
      (address) => address.s3Key,
      () => null,
    );
    let address;
    try {
      address = await asking;
    } catch (error) {
      return settle({
        status: 'failed',
        failure: error instanceof ApiError ? uploadAddressFailure(error.body) : NETWORK_FAILURE,
      });
    }
    if (signal.aborted) return;

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
      return settle({
        status: 'failed',
        failure: error instanceof UploadStatusError ? uploadFailure(error.status) : NETWORK_FAILURE,
      });
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
      settle(endOf(await answering));
    } catch (error) {
      if (isAbort(error) || signal.aborted) return;
      settle(failedOf(error));
    } finally {
      polling = false;
      if (current.current === mine && !mine.cancelling) current.current = null;
    }
  }, [run.status, file, tooLong]);

  /**
   * Cancel (issue 29): stops the upload and the waiting here at once, then asks the server to cancel the conversion
   * (it stops ffmpeg wherever it runs and deletes the files). A conversion that ended just before answers how it ended.
   */
  const cancel = useCallback(async () => {
    const mine = current.current;
    if (!mine || mine.cancelling) return;
    mine.cancelling = true;
    setRun((state) => (state.status === 'working' ? { ...state, cancelling: true } : state));
    mine.abort.abort();
    const settle = (next: RunState) => {
      if (current.current !== mine) return;
      current.current = null;
      setRun(next);
    };
    const s3Key = mine.s3Key ? await mine.s3Key : null;
    if (s3Key === null) return settle({ status: 'cancelled', message: null });
    try {
      settle({ status: 'cancelled', message: (await cancelConversion(s3Key)).message });
    } catch (error) {
      if (!(error instanceof ApiError) || readFailure(error.body).code !== ERROR_CODES.conversionEnded) {
        return settle(failedOf(error));
      }
      // It ended before the cancel reached it: asking for it again answers its result, or how it ended.
      try {
        settle(endOf(await requestConversion({ s3Key, filename: mine.filename })));
      } catch (again) {
        settle(failedOf(again));
      }
    }
  }, []);

  /** Convert Another Video: back to choosing a file. */
  const reset = useCallback(() => {
    current.current?.abort.abort();
    current.current = null;
    setRun({ status: 'idle' });
    setFile(null);
    setEstimate(null);
    setProblem(null);
  }, []);

  return { file, problem, estimate: currentEstimate, tooLong, run, chooseFile, convert, cancel, reset };
}
