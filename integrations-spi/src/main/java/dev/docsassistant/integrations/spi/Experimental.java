package dev.docsassistant.integrations.spi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks SPI types and members that are not yet stable: they may change or go away in a minor release
 * of the SPI, and the binary-compatibility check of the SPI's build leaves them out. Everything not
 * marked keeps its binary compatibility within a major version.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Experimental {
    /** Why it is not stable yet, or what may change. */
    String value() default "";
}
