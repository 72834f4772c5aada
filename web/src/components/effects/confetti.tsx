import { useEffect, useRef } from 'react';

export interface ConfettiProps {
  /** Spec: 200 by default, 500 when maintenance ends. */
  readonly pieces?: number;
  /** Spec: 5 seconds. */
  readonly durationMs?: number;
  readonly onDone?: () => void;
}

const COLOURS = ['#5fd7ff', '#cfd6de', '#5fd787', '#ffaf5f', '#af87ff', '#ff5f87'];

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  spin: number;
  angle: number;
  colour: string;
}

/** A canvas of falling confetti over the page, gone after `durationMs`. Skipped for reduced motion. */
export function Confetti({ pieces = 200, durationMs = 5_000, onDone }: ConfettiProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const finish = window.setTimeout(() => doneRef.current?.(), durationMs);
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      return () => window.clearTimeout(finish);
    }
    const ratio = window.devicePixelRatio || 1;
    const width = window.innerWidth;
    const height = window.innerHeight;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    context.scale(ratio, ratio);
    const all: Piece[] = Array.from({ length: pieces }, () => ({
      x: Math.random() * width,
      y: -20 - Math.random() * height * 0.6,
      vx: (Math.random() - 0.5) * 3,
      vy: 2 + Math.random() * 4,
      size: 4 + Math.random() * 6,
      spin: (Math.random() - 0.5) * 0.3,
      angle: Math.random() * Math.PI,
      colour: COLOURS[Math.floor(Math.random() * COLOURS.length)] ?? '#5fd7ff',
    }));
    const started = performance.now();
    let frame = 0;
    const draw = (time: number) => {
      const fade = Math.max(0, 1 - Math.max(0, time - started - durationMs * 0.7) / (durationMs * 0.3));
      context.clearRect(0, 0, width, height);
      context.globalAlpha = fade;
      for (const piece of all) {
        piece.x += piece.vx;
        piece.y += piece.vy;
        piece.vy += 0.03;
        piece.angle += piece.spin;
        context.save();
        context.translate(piece.x, piece.y);
        context.rotate(piece.angle);
        context.fillStyle = piece.colour;
        context.fillRect(-piece.size / 2, -piece.size / 4, piece.size, piece.size / 2);
        context.restore();
      }
      if (time - started < durationMs) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(finish);
    };
  }, [pieces, durationMs]);

  return <canvas ref={canvasRef} className="confetti" aria-hidden="true" data-testid="confetti" />;
}
