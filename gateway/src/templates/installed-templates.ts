import type { AppTemplate } from './starter-templates';

/**
 * The templates whose blocks are all installed (`installed(kind)`), in their order. Each template
 * left out is told to `warn`, naming it and the kinds it misses, so removing a block package
 * takes its templates out of the builder instead of offering apps that cannot run.
 */
export function installedTemplates(
  templates: readonly AppTemplate[],
  installed: (kind: string) => boolean,
  warn: (message: string) => void,
): AppTemplate[] {
  return templates.filter((template) => {
    const missing = [...new Set(template.config.plugins.map((plugin) => plugin.type))].filter(
      (kind) => !installed(kind),
    );
    if (missing.length === 0) return true;
    warn(
      `Template "${template.name}" (${template.id}) uses ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed: it is left out.`,
    );
    return false;
  });
}
