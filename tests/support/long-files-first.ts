import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take a minute or more (process.test.ts starts the real server three times, seeding
 * PGlite once). Vitest orders files by the durations it cached on an earlier run; a fresh clone (CI)
 * has none, so such a file may start last and run alone while the other worker idles.
 */
const LONG_FILES = ["tests/integration/process.test.ts"];

/** Vitest's own order, with the long files moved to the front of their project. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONG_FILES.some((long) => file.moduleId.endsWith(long));
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((project) => {
      const own = sorted.filter((file) => file.project.name === project);
      return [...own.filter(isLong), ...own.filter((file) => !isLong(file))];
    });
  }
}
