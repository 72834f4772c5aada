import { describe, expect, it } from 'vitest';
import { TelegramPacer } from './telegram-pacer.js';

/** Runs one message per entry through the pacer and returns when each left, relative to the first. */
async function departures(pacer: TelegramPacer, chats: readonly number[]): Promise<{ chatId: number; at: number }[]> {
  const left: { chatId: number; at: number }[] = [];
  await Promise.all(chats.map((chatId) => pacer.run(chatId, async () => void left.push({ chatId, at: Date.now() }))));
  const first = Math.min(...left.map((entry) => entry.at));
  return left.map((entry) => ({ ...entry, at: entry.at - first }));
}

describe('the Telegram pacer', () => {
  it('given many chats, then messages leave no faster than the overall rate', async () => {
    const left = await departures(new TelegramPacer({ perSecond: 50, privateChatGapMs: 1_000, groupChatGapMs: 3_000 }), Array.from({ length: 20 }, (_, i) => i + 1));
    const times = left.map((entry) => entry.at).sort((a, b) => a - b);
    // 20 messages at 50/s: 19 gaps of 20 ms.
    expect(times.at(-1)!).toBeGreaterThanOrEqual(19 * 20 - 5);
    for (let i = 1; i < times.length; i += 1) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(15);
  });

  it('given one private chat, then its messages leave one after another, a gap apart; a group waits longer', async () => {
    const pacer = new TelegramPacer({ perSecond: 100, privateChatGapMs: 150, groupChatGapMs: 300 });
    const left = await departures(pacer, [7, 7, 7, -9, -9]);
    const of = (chatId: number) => left.filter((entry) => entry.chatId === chatId).map((entry) => entry.at);
    const [a, b, c] = of(7);
    expect(b - a).toBeGreaterThanOrEqual(145);
    expect(c - b).toBeGreaterThanOrEqual(145);
    const [g1, g2] = of(-9);
    expect(g2 - g1).toBeGreaterThanOrEqual(295);
  });

  it('given a hold (a 429 retry_after), then nothing leaves before it ends', async () => {
    const pacer = new TelegramPacer({ perSecond: 100, privateChatGapMs: 10, groupChatGapMs: 10 });
    const start = Date.now();
    pacer.holdUntil(start + 200);
    let leftAt = 0;
    await pacer.run(1, async () => void (leftAt = Date.now()));
    expect(leftAt - start).toBeGreaterThanOrEqual(195);
  });

  it('given a send that fails, then the next message to that chat still leaves', async () => {
    const pacer = new TelegramPacer({ perSecond: 100, privateChatGapMs: 10, groupChatGapMs: 10 });
    await expect(pacer.run(3, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(pacer.run(3, async () => 'sent')).resolves.toBe('sent');
  });
});
