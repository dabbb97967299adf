/**
 * Lorem ipsum: the placeholder Latin of templates, mock-ups and drafts. The model has read no
 * Latin and tags its capitalised words as names ("Lorem Ipsum", "dolor sit", "amet" in three of
 * wild-dev's Word files). A model span made only of the filler's words, one of them a word no
 * language uses as a name ("lorem", "ipsum", "amet", "consectetur", …), is scored down: kept for
 * review, below the threshold. "Magna" or "Nisi" alone stays: they name firms and people.
 */

/** Words of the filler that are no name, surname or company anywhere. */
const DISTINCTIVE = new Set(
  (
    'lorem ipsum dolor amet consectetur consectetuer adipiscing adipisicing eiusmod ' +
    'tempor incididunt labore dolore aliqua veniam nostrud exercitation ullamco laboris aliquip ' +
    'commodo consequat aute irure reprehenderit voluptate velit cillum fugiat ' +
    'pariatur excepteur occaecat cupidatat proident officia deserunt mollit laborum ' +
    'pellentesque vestibulum vivamus nullam aenean curabitur phasellus suspendisse'
  ).split(' '),
);

/**
 * The filler's other words: Latin that may be a name ("Elit", "Mauris") or a word of another
 * language ("nulla", "culpa"), scored down only beside a distinctive one.
 */
const OTHERS = new Set(
  (
    'sit sed do ut et enim ad minim quis nisi ex ea duis in non id est magna eu sint elit ' +
    'mauris nulla culpa ' +
    'sunt qui anim integer donec nunc nisl erat eget ac at vel quam justo felis metus lectus ' +
    'risus ante odio urna massa libero orci purus arcu diam tellus leo lacus nibh morbi neque ' +
    'tortor sapien proin etiam fusce praesent maecenas cras nam quisque ultrices ultricies'
  ).split(' '),
);

export function isFillerText(value: string): boolean {
  const words = value.toLowerCase().match(/\p{L}+/gu) ?? [];
  return (
    words.some((w) => DISTINCTIVE.has(w)) && words.every((w) => DISTINCTIVE.has(w) || OTHERS.has(w))
  );
}
