import { useEffect, useRef, useState } from 'react';
import type { AnimationType } from '../../../contract/site.ts';

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  /** 0..1 through the particle's life (sparkles and fire fade with it). */
  life: number;
  speed: number;
  phase: number;
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);

function spawn(type: AnimationType, w: number, h: number, anywhere: boolean): Particle {
  const base = { life: anywhere ? Math.random() : 0, phase: rand(0, Math.PI * 2) };
  switch (type) {
    case 'snow':
      return {
        ...base,
        x: rand(0, w),
        y: anywhere ? rand(0, h) : rand(-20, -4),
        vx: rand(-0.3, 0.3),
        vy: rand(0.4, 1.2),
        size: rand(1.2, 3.4),
        speed: rand(0.01, 0.03),
      };
    case 'rain':
      return {
        ...base,
        x: rand(-w * 0.1, w),
        y: anywhere ? rand(0, h) : rand(-60, -10),
        vx: 1.6,
        vy: rand(9, 14),
        size: rand(10, 18),
        speed: 0,
      };
    case 'sparkles':
      return {
        ...base,
        x: rand(0, w),
        y: rand(0, h),
        vx: 0,
        vy: 0,
        size: rand(1.5, 3.5),
        speed: rand(0.006, 0.016),
      };
    case 'fire':
      return {
        ...base,
        x: rand(0, w),
        y: anywhere ? rand(h * 0.5, h) : h + rand(0, 20),
        vx: rand(-0.3, 0.3),
        vy: -rand(0.6, 1.8),
        size: rand(1.5, 4),
        speed: rand(0.004, 0.012),
      };
  }
}

function step(p: Particle, type: AnimationType, w: number, h: number): boolean {
  p.phase += 0.02;
  switch (type) {
    case 'snow':
      p.x += p.vx + Math.sin(p.phase) * 0.4;
      p.y += p.vy;
      return p.y < h + 10;
    case 'rain':
      p.x += p.vx;
      p.y += p.vy;
      return p.y < h + 20;
    case 'sparkles':
      p.life += p.speed;
      return p.life < 1;
    case 'fire':
      p.x += p.vx + Math.sin(p.phase * 2) * 0.3;
      p.y += p.vy;
      p.life += p.speed;
      return p.life < 1 && p.y > -10 && p.x > -10 && p.x < w + 10;
  }
}

function draw(ctx: CanvasRenderingContext2D, p: Particle, type: AnimationType, dark: boolean) {
  switch (type) {
    case 'snow':
      ctx.fillStyle = dark ? 'rgba(255,255,255,0.8)' : 'rgba(100,116,139,0.55)';
      ctx.beginPath();
      ctx.arc(p.x, p.y, p.size, 0, Math.PI * 2);
      ctx.fill();
      return;
    case 'rain':
      ctx.strokeStyle = dark ? 'rgba(147,197,253,0.45)' : 'rgba(59,130,246,0.35)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(p.x - p.vx * 1.5, p.y - p.size);
      ctx.stroke();
      return;
    case 'sparkles': {
      const alpha = Math.sin(p.life * Math.PI);
      const r = p.size * (0.6 + alpha * 0.8);
      ctx.fillStyle = dark ? `rgba(253,230,138,${alpha * 0.9})` : `rgba(217,119,6,${alpha * 0.7})`;
      ctx.beginPath();
      // A four-pointed star.
      ctx.moveTo(p.x, p.y - r * 2);
      ctx.quadraticCurveTo(p.x, p.y, p.x + r * 2, p.y);
      ctx.quadraticCurveTo(p.x, p.y, p.x, p.y + r * 2);
      ctx.quadraticCurveTo(p.x, p.y, p.x - r * 2, p.y);
      ctx.quadraticCurveTo(p.x, p.y, p.x, p.y - r * 2);
      ctx.fill();
      return;
    }
    case 'fire': {
      const alpha = 1 - p.life;
      const green = Math.round(200 - p.life * 170);
      ctx.fillStyle = `rgba(255,${green},40,${alpha * 0.8})`;
      ctx.beginPath();
      ctx.arc(p.x, p.y, p.size * (1 - p.life * 0.5), 0, Math.PI * 2);
      ctx.fill();
      return;
    }
  }
}

/** The drawing itself, loaded only when an admin has turned an animation on (animation-overlay.tsx). */
const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(reducedMotionQuery).matches === true);
  useEffect(() => {
    const media = window.matchMedia?.(reducedMotionQuery);
    if (!media) return;
    const onChange = () => setReduced(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** Not drawn at all for visitors who prefer reduced motion (and stopped if they switch to it). */
export function AnimationCanvas({ type }: { type: AnimationType }) {
  return usePrefersReducedMotion() ? null : <Particles type={type} />;
}

function Particles({ type }: { type: AnimationType }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let w = 0;
    let h = 0;
    let particles: Particle[] = [];
    const target = () => {
      const perArea = type === 'rain' ? 9000 : type === 'sparkles' ? 22000 : 14000;
      return Math.min(160, Math.max(20, Math.round((w * h) / perArea)));
    };
    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      w = window.innerWidth;
      h = window.innerHeight;
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const n = target();
      particles = particles.slice(0, n);
      while (particles.length < n) particles.push(spawn(type, w, h, true));
    };
    resize();

    let frame = 0;
    const tick = () => {
      ctx.clearRect(0, 0, w, h);
      const dark = document.documentElement.classList.contains('dark');
      for (let i = 0; i < particles.length; i++) {
        const p = particles[i]!;
        if (!step(p, type, w, h)) particles[i] = spawn(type, w, h, type === 'sparkles');
        draw(ctx, particles[i]!, type, dark);
      }
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      if (!frame && !document.hidden) frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    start();
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      ctx.clearRect(0, 0, w, h);
    };
  }, [type]);

  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable; it is decoration
    <canvas
      ref={ref}
      aria-hidden="true"
      data-animation={type}
      className="pointer-events-none fixed inset-0 z-40 h-full w-full"
    />
  );
}
