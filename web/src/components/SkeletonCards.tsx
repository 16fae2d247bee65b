/**
 * Cards with shimmering lines where a screen's cards will be: what a screen shows while its code
 * or the runtime config is on the way. The classes are index.html's, whose static copy of these
 * cards the first paint shows before any script has run.
 */
export function SkeletonCards() {
  return (
    <div aria-busy="true" data-testid="skeleton-cards">
      {[3, 3, 2].map((lines, card) => (
        <div key={card} className="boot-card">
          {Array.from({ length: lines }, (_, line) => (
            <div key={line} className="boot-line" />
          ))}
        </div>
      ))}
    </div>
  );
}
