/** A web server's screens for the tests of the server alone: requests go to `dispatch`, pushes come from `pushers`. */
import type { PushName } from '../../../app/contract/handlers';
import type { Result } from '../../../app/domain/result';
import type { WebScreen } from '../../../app/web/server';

export type Pusher = (name: PushName, payload: unknown) => void;

/** `openScreen` for startWebServer: each socket's screen answers with `dispatch`; `opened`/`closed` list their labels. */
export function stubScreens(
  dispatch: (name: string, args: unknown) => Promise<Result<unknown>>,
  pushers: Set<Pusher> = new Set(),
  seen: { opened: string[]; closed: string[] } = { opened: [], closed: [] },
): () => WebScreen {
  let n = 0;
  return () => {
    const label = `stub-${++n}`;
    seen.opened.push(label);
    return {
      label,
      request: dispatch,
      onPush(listener) {
        pushers.add(listener);
        return () => pushers.delete(listener);
      },
      close: () => seen.closed.push(label),
    };
  };
}
