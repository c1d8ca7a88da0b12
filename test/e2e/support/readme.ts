// Reads the README's quick start as a reader does: its numbered steps, each with the shell blocks
// written under it, so a test can run them verbatim (test/e2e/quick-start.test.ts).

/** One numbered step of the quick start. */
export interface QuickStartStep {
  /** The step's number as written ("1." is 1). */
  number: number
  /** The step's text before its first code block (for failure messages). */
  title: string
  /** Its ```sh blocks, with the list indentation removed, in order. */
  blocks: string[]
}

/**
 * The steps of the `## Quick start` section of `readme` (Markdown), in order.
 * Throws if the section is missing or holds no numbered step.
 */
export function quickStartSteps(readme: string): QuickStartStep[] {
  const section = /^## Quick start\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1]
  if (!section) throw new Error('README.md has no "## Quick start" section')
  const steps = section
    .split(/^(?=\d+\. )/m)
    .filter((item) => /^\d+\. /.test(item))
    .map((item) => ({
      number: Number(/^(\d+)\./.exec(item)?.[1]),
      title: (item.split(/^\s*```/m)[0] ?? '').replace(/\s+/g, ' ').trim(),
      blocks: [...item.matchAll(/^( *)```sh\n([\s\S]*?)^\1```$/gm)].map(
        ([, indent = '', body = '']) => body.replace(new RegExp(`^${indent}`, 'gm'), ''),
      ),
    }))
  if (steps.length === 0) throw new Error('the README quick start has no numbered steps')
  return steps
}
