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
                "    private static final int N = 8;",
                "    public int loops(int n) {",
                "        int s = 0;",
                "        for (int i = 0; i < N; i++) { s += data[i % data.length]; }",
                "        for (long j = 10; j >= -3; j -= 2) { for (int k = 0; k <= 'z'; ++k) { s += k; } }",
                "        count = s;",
                "        return s;",
                "    }",
                "    public int loopToParameter(int n) { int s = 0; for (int i = 0; i < n; i++) { s += i; } return s; }",
                "    public int loopToLength(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }",
                "    public int loopToFieldLength() { int s = 0; for (int i = 0; i < data.length; i++) { s += data[i]; } return s; }",
                "    public int forEachArray(int[] a) { int s = 0; for (int x : a) { s += x; } return s; }",
                "    public int whileLoop(int n) { int s = 0; while (n-- > 0) { s++; } return s; }",
                "    public int doLoop() { int s = 0; do { s++; } while (s < 10); return s; }",
                "    public int loopVariableWritten() { int s = 0; for (int i = 0; i < 10; i++) { i -= 2; s++; } return s; }",
                "    public int loopNotEquals() { int s = 0; for (int i = 0; i != 10; i += 3) { s++; } return s; }",
                "    public int loopByteOverflows() { int s = 0; for (byte b = 0; b < 100; b++) { s++; } return s; }",
                "    public int loopOverflows() { int s = 0; for (int i = 0; i <= Integer.MAX_VALUE; i++) { s++; } return s; }",
                "    public int loopWrongWay() { int s = 0; for (int i = 0; i < 10; i--) { s++; } return s; }",
                "    public int[] newArrayOfParameter(int n) { return new int[n]; }",
                "    public int[] newArrayOfLength(int[] a) { return new int[a.length * 2]; }",
                "    public int[][] newConstantArrays(int x) { int[] a = {x, x}; return new int[][] {a, new int[N]}; }",
                "    public String concatParameter(String s) { return s + \"!\"; }",
                "    public String concatNested(String s) { return \"<\" + (s + \">\"); }",
                "    public String concatValues(int a, Integer b) { return \"a=\" + a + \", b=\" + b + ('!' + \"\"); }",
                "    public String appendToString(String s) { String t = \"\"; t += 1; return t; }",
                "    public int stringLength(String s) { return s.length() + s.charAt(0); }",
                "    public int stringHash(String s) { return s.hashCode(); }",
                "    public boolean stringEquals(String s) { return s.equals(\"x\"); }",
                "    public int switchOnString(String s) { switch (s) { case \"a\": return 1; default: return 0; } }",
                "    public int switchOnInt(int s) { return switch (s) { case 1 -> 2; default -> 0; }; }",
                "    public int[] copyConstant(int[] a) { int[] b = java.util.Arrays.copyOf(a, N); System.arraycopy(a, 0, b, 0, 2); return b; }",
                "    public int[] copyAll(int[] a) { return java.util.Arrays.copyOf(a, a.length); }",
                "    public void arraycopyAll(int[] a, int[] b) { System.arraycopy(a, 0, b, 0, a.length); }",
                "    public int parse(String s) { return Integer.parseInt(s); }",
                "    public int parseConstant() { return Integer.parseInt(\"12\") + Integer.valueOf(3); }",
                "    public String copyString(String s) { return new String(s); }",
                "    public Object sizedBuilder(int n) { return new StringBuilder(n); }",
                "    public int overridable() { return hook(); }",
                "    protected int hook() { return 1; }",
                "    private final java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();",
                "    private java.util.concurrent.atomic.AtomicInteger notFinal = new java.util.concurrent.atomic.AtomicInteger();",
                "    private final java.util.concurrent.atomic.AtomicInteger given;",
                "    public Sample(java.util.concurrent.atomic.AtomicInteger given) { this.given = given; }",
                "    public int atomicNotFinal() { return notFinal.incrementAndGet(); }",
                "    public int atomicFromOutside() { return given.incrementAndGet(); }",
                "    public int atomicThroughThis() { return this.open.incrementAndGet(); }",
                "    public int atomicParameter(java.util.concurrent.atomic.AtomicInteger a) { return a.get(); }",
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
                "    public int boundedStrings(int i, String s) {",
                "        return String.valueOf(i).length() + s.length() + Integer.valueOf(3) + Integer.toString(i).length()",
                "                + new StringBuilder().length();",
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
                "    public String appendsBoxed(Integer i) { return String.valueOf(i); }",
                "    public String valueOfInt(int i) { return String.valueOf(i); }",
                "    public int builderCopy(String s) { return new StringBuilder(s).length(); }",
                "    public int localVar() { var sb = new StringBuilder(); return sb.length(); }",
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
    void trivialAndConstantLoopsAreProven() {
        assertProven("trivial", "no calls, no locks");
        assertProven("loops", "no calls, no locks");
        assertProven("switchOnInt", "no calls, no locks");
    }

    @Test
    void loopsOverInputSizesAreNot() {
        assertNotProven("loopToParameter", "for loop not bounded by compile-time constants");
        assertNotProven("loopToLength", "for loop not bounded by compile-time constants");
        assertNotProven("loopToFieldLength", "for loop not bounded by compile-time constants");
        assertNotProven("forEachArray", "loops over an array");
        assertNotProven("whileLoop", "while loop");
        assertNotProven("doLoop", "do-while loop");
        assertNotProven("loopVariableWritten", "for loop not bounded");
        assertNotProven("loopNotEquals", "for loop not bounded");
        assertNotProven("loopByteOverflows", "for loop not bounded");
        assertNotProven("loopOverflows", "for loop not bounded");
        assertNotProven("loopWrongWay", "for loop not bounded");
    }

    @Test
    void allocationInProportionToInputIsNot() {
        assertNotProven("newArrayOfParameter", "allocates an array whose length is not a compile-time constant");
        assertNotProven("newArrayOfLength", "allocates an array whose length is not a compile-time constant");
        assertProven("newConstantArrays", "no calls, no locks");
        assertNotProven("concatParameter", "string concatenation with a string of unknown length");
        assertNotProven("concatNested", "string concatenation with a string of unknown length");
        assertProven("concatValues", "no calls, no locks");
        assertNotProven("appendToString", "appends to a string of unknown length");
        assertNotProven("strings", "string concatenation with a string of unknown length");
        assertNotProven("builderCopy", "creates StringBuilder in proportion to its argument");
        assertNotProven("copyString", "creates String in proportion to its argument");
        assertNotProven("sizedBuilder", "creates StringBuilder in proportion to its argument");
        assertNotProven("copyAll", "calls java.util.Arrays.copyOf");
        assertNotProven("arraycopyAll", "calls java.lang.System.arraycopy");
        assertProven("copyConstant", "Arrays.copyOf, System.arraycopy");
    }

    @Test
    void jdkMethodsInProportionToAStringAreNot() {
        assertProven("stringLength", "String.charAt, String.length");
        assertNotProven("stringHash", "calls java.lang.String.hashCode");
        assertNotProven("stringEquals", "calls java.lang.String.equals");
        assertNotProven("switchOnString", "switch on a string");
        assertNotProven("parse", "calls java.lang.Integer.parseInt");
        assertProven("parseConstant", "Integer.parseInt, Integer.valueOf");
        assertProven("boundedStrings", "Integer.toString, Integer.valueOf, String.length, String.valueOf");
        assertNotProven("stringsEquals", "calls java.util.Objects.equals");
    }

    @Test
    void overridableMethodsOfThisAreNot() {
        assertNotProven("overridable", "calls p.Sample.hook");
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
        assertNotProven("appendsObject", "calls java.lang.StringBuilder.toString");
    }

    @Test
    void privateHelpersAreFollowed() {
        assertProven("helper", "calls only Math.max, twice()");
        assertNotProven("blockingHelper", "calls sleepy(), which is not proven: calls java.lang.Thread.sleep");
        assertNotProven("recursive", "recursive call of rec()");
    }

    @Test
    void allowListedJdkCalls() {
        assertNotProven("arrays", "copies an array (clone)"); // copyOf(a, 3) and arraycopy of 1 are bounded
    }

    @Test
    void lockFreeAtomicsButNotTheirFunctionTakingMethods() {
        assertProven("atomics", "AtomicLong.incrementAndGet");
        assertProven("atomicThroughThis", "AtomicInteger.incrementAndGet");
        assertNotProven("atomicUpdate", "updateAndGet");
    }

    @Test
    void atomicsOnlyWhenTheyAreSurelyTheJdkClass() {
        // a user subclass of AtomicInteger may override incrementAndGet with anything
        assertNotProven("atomicNotFinal", "calls java.util.concurrent.atomic.AtomicInteger.incrementAndGet");
        assertNotProven("atomicFromOutside", "calls java.util.concurrent.atomic.AtomicInteger.incrementAndGet");
        assertNotProven("atomicParameter", "calls java.util.concurrent.atomic.AtomicInteger.get");
    }

    @Test
    void namesResolveAsJavacWould() {
        assertProven("localVar", "AbstractStringBuilder.length");
        assertProven("staticImport", "Math.max");
        assertProven("qualifiedMath", "Math.max");
        // q.Math shadows java.lang.Math in package q
        assertNotProven("samePackageMath", "calls q.Math.max");
        // Integer goes to valueOf(Object), which calls toString(), not to valueOf(int)
        assertNotProven("appendsBoxed", "calls java.lang.String.valueOf");
        assertProven("valueOfInt", "String.valueOf");
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
