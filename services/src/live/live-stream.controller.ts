import { Controller, type MessageEvent, Sse } from '@nestjs/common';
import { STREAM_PING_EVENT } from '@xsd/contracts/api/stream';
import { interval, map, merge, type Observable } from 'rxjs';
import { LiveStreamService } from './live-stream.service.js';

/** A keep-alive often enough that clients and proxies never see two quiet minutes. */
const PING_MS = 30_000;
/**
 * A client that stops reading is dropped once this much waits for it (Nest's SSE back-pressure):
 * far more than any burst of messages, each of which carries a whole state, so an EventSource
 * that reconnects loses nothing it needs.
 */
const MAX_PENDING_CHARACTERS = 512 * 1024;

@Controller('api/stream')
export class LiveStreamController {
  constructor(private readonly live: LiveStreamService) {}

  /** Server-Sent Events: `price`, `silver`, `site` (and `news`, `chain` as those arrive), plus `ping`. */
  @Sse(undefined, { maxPendingDataLength: MAX_PENDING_CHARACTERS })
  stream(): Observable<MessageEvent> {
    return merge(
      this.live.messages$.pipe(map((message): MessageEvent => ({ type: message.type, data: message.data }))),
      interval(PING_MS).pipe(map((): MessageEvent => ({ type: STREAM_PING_EVENT, data: {} }))),
    );
  }
}
