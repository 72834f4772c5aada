import { Controller, type MessageEvent, Req, Sse } from '@nestjs/common';
import { STREAM_PING_EVENT } from '@xsd/contracts/api/stream';
import type { FastifyRequest } from 'fastify';
import { interval, map, merge, type Observable } from 'rxjs';
import { LiveStreamGate } from './live-stream-gate.js';
import { LiveStreamService } from './live-stream.service.js';
/**
 * A client that stops reading is dropped once this much waits for it (Nest's SSE back-pressure):
 * far more than any burst of messages, each of which carries a whole state, so an EventSource
 * that reconnects loses nothing it needs.
 */
const MAX_PENDING_CHARACTERS = 512 * 1024;

@Controller('api/stream')
export class LiveStreamController {
  constructor(
    private readonly live: LiveStreamService,
    private readonly gate: LiveStreamGate,
  ) {}

  /**
   * Server-Sent Events: `price`, `silver`, `site` (and `news`, `chain` as those arrive), plus `ping`
   * every heartbeat. request.ip believes X-Forwarded-For only from XSD_TRUSTED_PROXIES.
   */
  @Sse(undefined, { maxPendingDataLength: MAX_PENDING_CHARACTERS })
  stream(@Req() request: FastifyRequest): Observable<MessageEvent> {
    this.gate.admit(request.ip, request.raw.socket);
    return merge(
      this.live.messages$.pipe(map((message): MessageEvent => ({ type: message.type, data: message.data }))),
      interval(this.gate.limits.heartbeatMs).pipe(map((): MessageEvent => ({ type: STREAM_PING_EVENT, data: {} }))),
    );
  }
}
