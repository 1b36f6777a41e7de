import { describe, expect, it } from 'vitest';
import { activated } from './push-api.ts';

/**
 * A registration and its worker as the browser keeps them: the worker's state moves on with a 'statechange'
 * event, and the registration's slots follow (an activated worker is `active`, a redundant one is gone).
 */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly registration = {
    active: null as FakeWorker | null,
    installing: this as FakeWorker | null,
    waiting: null,
  };
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.registration.installing = null;
    if (state === 'activated') this.registration.active = this;
    this.dispatchEvent(new Event('statechange'));
  }
}
const asRegistration = (worker: FakeWorker) => worker.registration as unknown as ServiceWorkerRegistration;

describe('activated', () => {
  it('resolves with the registration once its installing worker is activated', async () => {
    const worker = new FakeWorker();
    const settled = activated(asRegistration(worker));
    setTimeout(() => worker.moveTo('activated'));
    expect(await settled).toBe(worker.registration);
  });

  it('resolves with null when the install fails, where `ready` would wait for ever', async () => {
    const worker = new FakeWorker();
    const settled = activated(asRegistration(worker));
    setTimeout(() => worker.moveTo('redundant'));
    expect(await settled).toBeNull();
  });

  it('answers null for a register() that was stubbed out and gave no registration', () => {
    expect(activated(undefined)).toBeNull();
  });

  it('answers an already active registration at once', () => {
    const worker = new FakeWorker();
    worker.moveTo('activated');
    expect(activated(asRegistration(worker))).toBe(worker.registration);
  });
});
