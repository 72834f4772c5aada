import { Controller, type MessageEvent, Sse } from '@nestjs/common';
import { STREAM_PING_EVENT } from '@xsd/contracts/api/stream';
import { interval, map, merge, type Observable } from 'rxjs';
import { LiveStreamService } from './live-stream.service.js';

/** A keep-alive often enough that clients and proxies never see two quiet minutes. */
const PING_MS = 30_000;

@Controller('api/stream')
export class LiveStreamController {
  constructor(private readonly live: LiveStreamService) {}

  /** Server-Sent Events: `price`, `silver`, `site` (and `news`, `chain` as those arrive), plus `ping`. */
  @Sse()
  stream(): Observable<MessageEvent> {
    return merge(
      this.live.messages$.pipe(map((message): MessageEvent => ({ type: message.type, data: message.data }))),
      interval(PING_MS).pipe(map((): MessageEvent => ({ type: STREAM_PING_EVENT, data: {} }))),
    );
  }
}
