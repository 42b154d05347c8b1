import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';

export function NotFoundPage() {
  return (
    <div className="page-center">
      <NonIdealState
        icon={<SearchIcon size={48} />}
        title="Page not found"
        description="There is nothing at this address."
        action={<AnchorButton href="/app" intent="primary" text="Open the builder" />}
      />
    </div>
  );
}
