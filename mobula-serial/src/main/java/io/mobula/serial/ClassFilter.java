package io.mobula.serial;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides by class NAME, before anything is loaded or initialized, whether a class named on the wire may
 * be instantiated. Deny patterns win over allow patterns; with no allow pattern every class not denied is
 * allowed (it still has to be serializable). Array names are checked by their element class.
 *
 * <p>Patterns: {@code "a.b.C"} exactly that class (and its nested classes {@code a.b.C$X}),
 * {@code "a.b.*"} the classes of package {@code a.b}, {@code "a.b.**"} package {@code a.b} and all
 * sub-packages, {@code "**"} everything.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class ClassFilter {

    /** Well-known deserialization gadget classes and packages (ysoserial and friends). */
    private static final List<String> DEFAULT_DENY = List.of(
            "org.apache.commons.collections.functors.**",
            "org.apache.commons.collections4.functors.**",
            "org.apache.commons.collections.keyvalue.TiedMapEntry",
            "org.apache.commons.collections4.keyvalue.TiedMapEntry",
            "org.apache.commons.beanutils.BeanComparator",
            "org.apache.commons.fileupload.disk.DiskFileItem",
            "com.sun.org.apache.xalan.internal.xsltc.trax.**",
            "org.apache.xalan.xsltc.trax.**",
            "javax.management.**",
            "java.rmi.server.**",
            "sun.rmi.**",
            "java.rmi.activation.**",
            "javax.script.**",
            "jdk.nashorn.**",
            "org.codehaus.groovy.runtime.**",
            "groovy.lang.**",
            "org.springframework.beans.factory.**",
            "org.springframework.core.SerializableTypeWrapper*",
            "org.springframework.aop.**",
            "org.springframework.transaction.jta.**",
            "com.sun.rowset.**",
            "javax.naming.**",
            "com.sun.jndi.**",
            "org.hibernate.**",
            "com.mchange.v2.c3p0.**",
            "org.python.core.**",
            "bsh.**",
            "clojure.**",
            "com.sun.syndication.feed.impl.**",
            "org.mozilla.javascript.**",
            "net.sf.json.JSONObject",
            "java.lang.reflect.Proxy",
            "java.lang.Runtime",
            "java.lang.ProcessBuilder",
            "java.lang.Thread",
            "java.lang.ClassLoader",
            "java.net.URLClassLoader",
            "sun.misc.**",
            "jdk.internal.**",
            "sun.reflect.**");

    private static final ClassFilter DEFAULTS = new ClassFilter(List.of(), DEFAULT_DENY);
    private static final ClassFilter ALLOW_ALL = new ClassFilter(List.of(), List.of());

    private final NamePattern[] allow;
    private final NamePattern[] deny;
    private final ClassValue<Boolean> allowedClasses = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return allows(type.getName());
        }
    };

    private ClassFilter(List<String> allow, List<String> deny) {
        this.allow = allow.stream().map(NamePattern::of).toArray(NamePattern[]::new);
        this.deny = deny.stream().map(NamePattern::of).toArray(NamePattern[]::new);
    }

    /** @return the default filter: everything serializable except the well-known gadget classes */
    public static ClassFilter defaults() {
        return DEFAULTS;
    }

    /** @return a filter that refuses nothing by name (classes must still be serializable); for tests */
    public static ClassFilter allowAll() {
        return ALLOW_ALL;
    }

    /** @return a builder that starts from the default deny list */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param className a binary class name ({@code p.Outer$Inner}) or array name ({@code [Lp.X;})
     * @return whether the class may be loaded and instantiated
     */
    /** Whether a deny pattern names {@code className} (its element class, for an array). */
    public boolean denies(String className) {
        String name = elementName(className);
        if (name == null) {
            return true;
        }
        for (NamePattern p : deny) {
            if (p.matches(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether an allow pattern names {@code className} (and no deny pattern does): how an application lets peers
     * send a class beyond the trusted ones ({@link Serialization.Builder#trustedClassesOnly}).
     */
    public boolean explicitlyAllows(String className) {
        String name = elementName(className);
        if (name == null || name.isEmpty()) {
            return name != null;
        }
        for (NamePattern p : deny) {
            if (p.matches(name)) {
                return false;
            }
        }
        for (NamePattern p : allow) {
            if (p.matches(name)) {
                return true;
            }
        }
        return false;
    }

    public boolean allows(String className) {
        String name = elementName(className);
        if (name == null) {
            return false;
        }
        if (name.isEmpty()) {
            return true; // primitive array
        }
        for (NamePattern p : deny) {
            if (p.matches(name)) {
                return false;
            }
        }
        if (allow.length == 0) {
            return true;
        }
        for (NamePattern p : allow) {
            if (p.matches(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The same decision for a class known locally (cached per class); built-in serializers of JDK classes that
     * once travelled with a type descriptor check the class they are about to create with it.
     *
     * @param c a class
     * @return whether instances of {@code c} may be created while decoding
     */
    boolean allows(Class<?> c) {
        return allowedClasses.get(c);
    }

    /** Element class name of an array descriptor, "" for primitive arrays, null if malformed. */
    static String elementName(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return name;
        }
        String rest = name.substring(dims);
        if (rest.length() == 1 && "ZBSCIJFD".indexOf(rest.charAt(0)) >= 0) {
            return "";
        }
        if (rest.length() > 2 && rest.charAt(0) == 'L' && rest.charAt(rest.length() - 1) == ';') {
            return rest.substring(1, rest.length() - 1);
        }
        return null;
    }

    /**
     * A pattern taken apart once, when the filter is built: its kind and the prefix a name must start with, so that
     * deciding on a name costs one comparison per pattern (a class named on the wire is checked against every deny
     * pattern).
     */
    private record NamePattern(Kind kind, String prefix) {
        enum Kind {
            /** {@code **}: every class */
            ALL,
            /** {@code a.b.**}: names starting with {@code a.b.} */
            TREE,
            /** {@code a.b.*}: names starting with {@code a.b.} and no further dot */
            PACKAGE,
            /** {@code a.b.C*}: names starting with {@code a.b.C} */
            PREFIX,
            /** {@code a.b.C}: that name, or a nested class {@code a.b.C$X} */
            CLASS
        }

        static NamePattern of(String pattern) {
            if (pattern.equals("**")) {
                return new NamePattern(Kind.ALL, "");
            }
            if (pattern.endsWith(".**")) {
                return new NamePattern(Kind.TREE, pattern.substring(0, pattern.length() - 2)); // keeps the dot
            }
            if (pattern.endsWith(".*")) {
                return new NamePattern(Kind.PACKAGE, pattern.substring(0, pattern.length() - 1));
            }
            if (pattern.endsWith("*")) {
                return new NamePattern(Kind.PREFIX, pattern.substring(0, pattern.length() - 1));
            }
            return new NamePattern(Kind.CLASS, pattern);
        }

        boolean matches(String name) {
            return switch (kind) {
                case ALL -> true;
                case TREE, PREFIX -> name.startsWith(prefix);
                case PACKAGE -> name.startsWith(prefix) && name.indexOf('.', prefix.length()) < 0;
                case CLASS -> name.startsWith(prefix)
                        && (name.length() == prefix.length() || name.charAt(prefix.length()) == '$');
            };
        }
    }

    /** Collects allow and deny patterns; starts with the default deny list. */
    public static final class Builder {
        private final List<String> allow = new ArrayList<>();
        private final List<String> deny = new ArrayList<>(DEFAULT_DENY);

        private Builder() {}

        /**
         * @param pattern a class or package pattern that may be loaded
         * @return this
         */
        public Builder allow(String pattern) {
            allow.add(check(pattern));
            return this;
        }

        /**
         * @param pattern a class or package pattern that is always refused
         * @return this
         */
        public Builder deny(String pattern) {
            deny.add(check(pattern));
            return this;
        }

        /**
         * Drops the default deny list (only the patterns given to {@link #deny} remain). For tests.
         *
         * @return this
         */
        public Builder withoutDefaultDenyList() {
            deny.removeAll(DEFAULT_DENY);
            return this;
        }

        /** @return the filter */
        public ClassFilter build() {
            return new ClassFilter(List.copyOf(allow), List.copyOf(deny));
        }

        private static String check(String pattern) {
            if (pattern == null || pattern.isBlank()) {
                throw new IllegalArgumentException("empty class filter pattern");
            }
            return pattern.strip();
        }
    }
}
