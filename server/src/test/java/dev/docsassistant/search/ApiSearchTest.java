package dev.docsassistant.search;

import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Endpoint pages are found by what developers type: the method and path, the operation id. */
class ApiSearchTest {
    @TempDir
    Path dir;

    @Test
    void methodAndPathOrOperationIdFindTheEndpointFirst() {
        Path site = TestSites.copyOf(Path.of("src/test/resources/api-sites/petstore"), dir.resolve("site")).dir();
        LuceneSiteSearch search = LuceneSiteSearch.open(SiteReader.read(site), dir.resolve("index"), SearchSettings.KEYWORD);
        Set<String> create = Set.of("/reference/pets/create-a-pet", "/pet-page");
        for (String query : List.of("POST /pets", "createPet", "create pet")) {
            assertTrue(create.contains(first(search, query)), query + " → " + first(search, query));
        }
        assertTrue(first(search, "listPets").equals("/reference/pets/list-pets"), first(search, "listPets"));
        assertTrue(first(search, "GET /pets/{petId}").equals("/reference/pets/get-a-pet"), first(search, "GET /pets/{petId}"));
        assertTrue(first(search, "familyTree").equals("/reference/trees/the-family-tree"), first(search, "familyTree"));
    }

    private static String first(LuceneSiteSearch search, String query) {
        List<SearchHit> hits = search.search(new SearchRequest(query, 5, 0, SearchFilter.NONE, null));
        return hits.isEmpty() ? "(nothing)" : hits.get(0).pagePath();
    }
}
