-- Stores made before Flyway kept their version in schema_version; Flyway's history replaces it.
DROP TABLE IF EXISTS schema_version;
