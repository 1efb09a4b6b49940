package io.mobula.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The conservative MAY_BLOCK analysis (thesis 3.3.1) on small method bodies, one construct each. */
class NonBlockingAnalysisTest {
    private static final Map<String, NonBlockingAnalysis.Verdict> VERDICTS = new TreeMap<>();

    /** Runs the analysis on every public method of p.Sample during annotation processing. */
    private static final class Probe extends AbstractProcessor {
        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (!VERDICTS.isEmpty()) {
                return false;
            }
            NonBlockingAnalysis analysis = new NonBlockingAnalysis(processingEnv);
            for (String name : new String[] {"p.Sample", "q.Shadowed"}) {
                TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
                for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
                    if (m.getModifiers().contains(Modifier.PUBLIC)) {
                        VERDICTS.put(m.getSimpleName().toString(), analysis.analyze(m));
                    }
                }
            }
            return false;
        }
    }

    @BeforeAll
    static void analyse() {
        Compilation c = javac().withProcessors(new Probe()).compile(JavaFileObjects.forSourceLines("p.Sample",
                "package p;",
                "import static java.lang.Math.max;",
                "public class Sample {",
                "    private int count;",
                "    private final int[] data = new int[4];",
                "    public int trivial(int a) { return a + 1; }",
                "    public int loops(int n) {",
                "        int s = 0;",
                "        for (int i = 0; i < n; i++) { s += data[i % data.length]; }",
                "        for (int d : data) { s ^= d; }",
                "        count = s;",
                "        return s;",
                "    }",
                "    public synchronized int syncMethod() { return count; }",
                "    public int syncBlock() { synchronized (this) { return count; } }",
                "    public int unknown() { return other(); }",
                "    int other() { return 1; }",
                "    public int helper(int a) { return twice(a) + Math.max(a, 0); }",
                "    private int twice(int a) { return a * 2; }",
                "    public int blockingHelper() { return sleepy(); }",
                "    private int sleepy() {",
                "        try { Thread.sleep(1); } catch (InterruptedException e) { return 0; }",
                "        return 1;",
                "    }",
                "    public int lambda() { java.util.function.IntSupplier s = () -> 1; return 0; }",
                "    public void sleep() throws InterruptedException { Thread.sleep(10); }",
                "    public void waits() throws InterruptedException { wait(); }",
                "    public int recursive(int n) { return rec(n); }",
                "    private int rec(int n) { return n <= 0 ? 0 : rec(n - 1); }",
                "    public String strings(String s) {",
                "        return new StringBuilder(s).append(1).toString() + s.length() + Integer.valueOf(3);",
                "    }",
                "    public String concatObject(Object o) { return \"x\" + o; }",
                "    public boolean objectsEquals(Object a, Object b) { return java.util.Objects.equals(a, b); }",
                "    public boolean stringsEquals(String a, String b) { return java.util.Objects.equals(a, b); }",
                "    public int[] arrays(int[] a) {",
                "        int[] b = java.util.Arrays.copyOf(a, 3);",
                "        System.arraycopy(a, 0, b, 0, 1);",
                "        return b.clone();",
                "    }",
                "    public int forEachList(java.util.List<Integer> xs) { int s = 0; for (int x : xs) s += x; return s; }",
                "    public int tryWith() throws Exception {",
                "        try (java.io.StringReader r = new java.io.StringReader(\"\")) { return 1; }",
                "    }",
                "    public Object anon() { return new Object() { }; }",
                "    public Object creates() { return new java.util.ArrayList<String>(); }",
                "    public String appendsObject(StringBuilder sb, Object o) { return sb.append(o).toString(); }",
                "    public String appendsBoxed(Integer i) { return new StringBuilder().append(i).toString(); }",
                "    public int localVar() { var sb = new StringBuilder(); sb.append(1); return sb.length(); }",
                "    public int staticImport(int a) { return max(a, 1); }",
                "    private final java.util.concurrent.atomic.AtomicLong hits = new java.util.concurrent.atomic.AtomicLong();",
                "    private final java.util.concurrent.atomic.AtomicReference<Object> ref = new java.util.concurrent.atomic.AtomicReference<>();",
                "    public long atomics(Object o) { ref.set(o); ref.compareAndSet(o, null); return hits.incrementAndGet(); }",
                "    public long atomicUpdate() { return hits.updateAndGet(x -> x + 1); }",
                "    public String unknownReceiver(java.util.List<String> xs) { return xs.get(0).trim(); }",
                "}"), JavaFileObjects.forSourceLines("q.Math",
                "package q;",
                "public class Math {",
                "    public static int max(int a, int b) { Thread.yield(); return a; }",
                "}"), JavaFileObjects.forSourceLines("q.Shadowed",
                "package q;",
                "public class Shadowed {",
                "    public int samePackageMath(int a) { return Math.max(a, 0); }",
                "    public int qualifiedMath(int a) { return java.lang.Math.max(a, 0); }",
                "    private Object text = \"\";",
                "    public int outOfScope() { { String text = \"\"; } return text.hashCode(); }",
                "    public int fieldThroughThis() { return this.text.hashCode(); }",
                "}"));
        assertThat(c).succeeded();
    }

    private static void assertProven(String method, String reason) {
        NonBlockingAnalysis.Verdict v = VERDICTS.get(method);
        assertThat(v).isNotNull();
        assertWithMessage(method + ": " + v.reason()).that(v.nonBlocking()).isTrue();
        assertThat(v.reason()).contains(reason);
    }

    private static void assertNotProven(String method, String reason) {
        NonBlockingAnalysis.Verdict v = VERDICTS.get(method);
        assertThat(v).isNotNull();
        assertWithMessage(method + ": " + v.reason()).that(v.nonBlocking()).isFalse();
        assertThat(v.reason()).contains(reason);
    }

    @Test
    void trivialAndLoopsAreProven() {
        assertProven("trivial", "no calls, no locks");
        assertProven("loops", "no calls, no locks");
    }

    @Test
    void locksAreNot() {
        assertNotProven("syncMethod", "synchronized method");
        assertNotProven("syncBlock", "synchronized block");
    }

    @Test
    void callsOutsideTheAllowListAreNot() {
        assertNotProven("unknown", "calls p.Sample.other");
        assertNotProven("sleep", "calls java.lang.Thread.sleep");
        assertNotProven("waits", "calls java.lang.Object.wait");
        assertNotProven("objectsEquals", "calls java.util.Objects.equals");
        assertNotProven("appendsObject", "calls java.lang.StringBuilder.append");
    }

    @Test
    void privateHelpersAreFollowed() {
        assertProven("helper", "calls only Math.max, twice()");
        assertNotProven("blockingHelper", "calls sleepy(), which is not proven: calls java.lang.Thread.sleep");
        assertNotProven("recursive", "recursive call of rec()");
    }

    @Test
    void allowListedJdkCalls() {
        assertProven("strings", "StringBuilder.append");
        assertProven("stringsEquals", "Objects.equals");
        assertProven("arrays", "Arrays.copyOf, System.arraycopy");
    }

    @Test
    void lockFreeAtomicsButNotTheirFunctionTakingMethods() {
        assertProven("atomics", "AtomicLong.incrementAndGet");
        assertNotProven("atomicUpdate", "updateAndGet");
    }

    @Test
    void namesResolveAsJavacWould() {
        assertProven("localVar", "AbstractStringBuilder.length, StringBuilder.append");
        assertProven("staticImport", "Math.max");
        assertProven("qualifiedMath", "Math.max");
        // q.Math shadows java.lang.Math in package q
        assertNotProven("samePackageMath", "calls q.Math.max");
        // Integer goes to append(Object), which calls toString(), not to append(int)
        assertNotProven("appendsBoxed", "calls java.lang.StringBuilder.append");
        // after the block, text is the Object field again, whose hashCode() may be anything
        assertNotProven("outOfScope", "unresolved call text.hashCode");
        assertNotProven("fieldThroughThis", "calls java.lang.Object.hashCode");
        assertNotProven("unknownReceiver", "unresolved call xs.get(0).trim"); // get returns a type variable
    }

    @Test
    void hiddenCallsAreNot() {
        assertNotProven("lambda", "lambda");
        assertNotProven("concatObject", "string concatenation of an object");
        assertNotProven("forEachList", "iterates over an Iterable");
        assertNotProven("tryWith", "try-with-resources");
        assertNotProven("anon", "anonymous class");
        assertNotProven("creates", "creates java.util.ArrayList");
    }
}
