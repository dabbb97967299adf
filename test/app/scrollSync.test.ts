import { describe, expect, it } from 'vitest';
import { ScrollPairing } from '../../renderer/src/review/scrollSync.js';

/** A pane as the pairing sees it: a clamped scrollTop, and scroll events the test delivers. */
class Pane {
  private top = 0;
  constructor(readonly max: number) {}
  get scrollTop(): number {
    return this.top;
  }
  set scrollTop(value: number) {
    this.top = Math.min(this.max, Math.max(0, value));
  }
}

/** Follower at the leader's fraction of its height: enough to see who moved whom. */
function proportional(leader: Pane, follower: Pane): void {
  follower.scrollTop = (leader.scrollTop / leader.max) * follower.max;
}

describe('scroll pairing', () => {
  it("ignores a follower's late echo that arrives after the user moved the leader again", () => {
    const left = new Pane(1000);
    const right = new Pane(2000);
    const pairing = new ScrollPairing(proportional);

    left.scrollTop = 400;
    pairing.scrolled(left, right);
    expect(right.scrollTop).toBe(800);
    // The user scrolls the left pane to its end before the right pane's echo is dispatched.
    left.scrollTop = 1000;
    pairing.scrolled(right, left); // the echo of setting right to 800
    expect(left.scrollTop).toBe(1000);
    pairing.scrolled(left, right);
    expect(right.scrollTop).toBe(2000);
  });

  it('follows the user scrolling the follower once its echo is spent', () => {
    const left = new Pane(1000);
    const right = new Pane(2000);
    const pairing = new ScrollPairing(proportional);
    left.scrollTop = 500;
    pairing.scrolled(left, right);
    pairing.scrolled(right, left); // echo
    right.scrollTop = 200;
    pairing.scrolled(right, left);
    expect(left.scrollTop).toBe(100);
  });

  it('expects no echo when the follower was already in place', () => {
    const left = new Pane(1000);
    const right = new Pane(2000);
    const pairing = new ScrollPairing(proportional);
    left.scrollTop = 0;
    pairing.scrolled(left, right); // right stays at 0: no event will come from it
    right.scrollTop = 0.5; // a sub-pixel user move would read as an echo if one were expected
    right.scrollTop = 600;
    pairing.scrolled(right, left);
    expect(left.scrollTop).toBe(300);
  });

  it("honours a user's scroll of the follower that lands away from where it was put", () => {
    const left = new Pane(1000);
    const right = new Pane(2000);
    const pairing = new ScrollPairing(proportional);
    left.scrollTop = 500;
    pairing.scrolled(left, right);
    // The user's wheel moves the right pane before its echo is dispatched; the events coalesce.
    right.scrollTop = 1200;
    pairing.scrolled(right, left);
    expect(left.scrollTop).toBe(600);
  });
});
