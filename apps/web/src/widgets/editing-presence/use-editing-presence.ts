import { EDITING_HEARTBEAT_SECONDS } from '@app/contract/admin/editing/register';
import {
  type EditingEvent,
  type Editor,
  STREAM_TIMEOUTS,
  zEditingEvent,
} from '@app/contract/events/subscriber';
import { useEffect, useState } from 'react';
import { runTopicStream } from '../../lib/realtime/topic-stream';
import { sayLeave, sayPresence } from './editing-register';

export interface EditingPresenceOptions {
  /** Milliseconds between heartbeats; the contract's 15 s unless given. */
  heartbeatMs?: number;
}

/*
 * Enters and leaves go out in order across every page of this tab: a page left and opened again
 * (or React's development double mount) must not have its enter overtaken by the earlier leave,
 * which would take it off the list until the next heartbeat.
 */
let presenceQueue: Promise<unknown> = Promise.resolve();
function queued(step: () => Promise<unknown>): Promise<unknown> {
  presenceQueue = presenceQueue.then(step, step);
  return presenceQueue;
}

/**
 * Says that the current user is on admin page `route` editing record `key` (enter, a heartbeat
 * every 15 s, leave when the page goes away or the tab closes) and answers who is editing that
 * record now, the current user included: from each register answer and from the
 * `adm_data_editing` stream, which announces arrivals and departures. Nothing happens without a key.
 */
export function useEditingPresence(
  route: string,
  key: string,
  options: EditingPresenceOptions = {},
): Editor[] {
  const heartbeatMs = options.heartbeatMs ?? EDITING_HEARTBEAT_SECONDS * 1000;
  const [editors, setEditors] = useState<Editor[]>([]);

  useEffect(() => {
    setEditors([]);
    if (!key) return;
    const controller = new AbortController();
    // Whether the server holds us as present: a page hidden for good (pagehide) has already left.
    let present = false;

    // Stream messages seen so far. A register answer that crossed one on the way is dropped: which
    // of the two is newer cannot be told, the stream is the one that keeps coming, and the next
    // heartbeat's answer settles it anyway.
    let heard = 0;

    const apply = (event: EditingEvent) => {
      if (controller.signal.aborted || event.route !== route || event.key !== key) return;
      setEditors(event.editing);
    };
    const say = (opt: 'enter' | 'heartbeat') => {
      present = true;
      const call = () => {
        const heardBefore = heard;
        return sayPresence(route, key, opt).then(
          (answer) => {
            if (heard === heardBefore) apply(answer);
          },
          () => undefined,
        );
      };
      // Heartbeats need no order; they only refresh what enter started.
      void (opt === 'enter' ? queued(call) : call());
    };

    void runTopicStream({
      topic: 'adm_data_editing',
      timeout: STREAM_TIMEOUTS.adm_data_editing,
      signal: controller.signal,
      onMessage: (payload) => {
        const parsed = zEditingEvent.safeParse(payload);
        if (!parsed.success || parsed.data.route !== route || parsed.data.key !== key) return;
        heard += 1;
        apply(parsed.data);
      },
      onSignedOut: () => controller.abort(),
    });
    say('enter');
    const heartbeat = setInterval(() => say('heartbeat'), heartbeatMs);

    // The tab closes or goes into the back/forward cache: leave now, the page may not come back.
    const onPageHide = () => {
      if (!present) return;
      present = false;
      void sayLeave(route, key);
    };
    // Back from the back/forward cache: here again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) say('enter');
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);

    return () => {
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      controller.abort();
      if (present) void queued(() => sayLeave(route, key));
      present = false;
    };
  }, [route, key, heartbeatMs]);

  return editors;
}
