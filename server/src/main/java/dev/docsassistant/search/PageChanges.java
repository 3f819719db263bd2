package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which pages of a site differ between two versions of its content: what an index of the previous
 * version must re-index to hold the next ({@link LiveSiteIndex} in the {@code dev} loop, a deployment
 * built from the one before it). A moved default language re-indexes every page (it picks each
 * page's analysis).
 *
 * @param changed the paths whose documents go: pages added, changed or removed
 * @param toIndex the pages of the next version to index again: added or changed
 */
record PageChanges(List<String> changed, List<Page> toIndex) {

    static PageChanges between(SiteContent previous, SiteContent next) {
        boolean languageMoved = !Objects.equals(previous.navigation().defaultLanguage(), next.navigation().defaultLanguage());
        List<String> changed = new ArrayList<>();
        List<Page> toIndex = new ArrayList<>();
        for (Page page : next.pages()) {
            Page before = previous.pagesByPath().get(page.path());
            if (languageMoved || before == null || !before.equals(page)) {
                changed.add(page.path());
                toIndex.add(page);
            }
        }
        previous.pagesByPath().keySet().stream().filter(p -> !next.pagesByPath().containsKey(p)).forEach(changed::add);
        return new PageChanges(changed, toIndex);
    }

    boolean isEmpty() {
        return changed.isEmpty();
    }
}
