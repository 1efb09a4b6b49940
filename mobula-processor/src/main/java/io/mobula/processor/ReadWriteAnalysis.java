package io.mobula.processor;

import io.mobula.processor.WriteFacts.Call;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.Elements;

/**
 * The read/write classification of thesis 4.2.2, a fixpoint over the {@link WriteFacts} of every body of every cloud
 * type in the compilation: a method (or constructor) is a write if it writes by itself, or one of its calls reaches a
 * write. A virtual call of {@code m} reaches every implementation of it this compilation has: {@code m} itself
 * unless abstract, and every override of it in a cloud type; an implementation in a cloud type whose source is not
 * in the compilation counts as a write. Methods of the JDK are reads (their effects on arrays are facts already).
 */
final class ReadWriteAnalysis {
    private final Elements elements;
    private final TypeNames names;
    private final Map<ExecutableElement, WriteFacts> facts = new LinkedHashMap<>();
    /** The reason of every body known to be a write; the others are reads. */
    private final Map<ExecutableElement, String> writes = new HashMap<>();

    ReadWriteAnalysis(Elements elements, TypeNames names) {
        this.elements = elements;
        this.names = names;
    }

    /** Adds (or replaces) the facts of a body; {@link #solve} recomputes every verdict. */
    void add(ExecutableElement executable, WriteFacts f) {
        facts.put(executable, f);
    }

    boolean hasFacts(ExecutableElement executable) {
        return facts.containsKey(executable);
    }

    /**
     * The bodies that wait with a timeout ({@code cloudWait(timeoutMillis)}) but are writes or constructors (which
     * run in the write creating the cloud), each with why it is a write: a timeout would end the wait at a different
     * point on each replica, so only a read may wait with one. Valid after {@link #solve}.
     */
    Map<ExecutableElement, String> timedWaitsInWrites() {
        Map<ExecutableElement, String> out = new LinkedHashMap<>();
        for (Map.Entry<ExecutableElement, WriteFacts> e : facts.entrySet()) {
            if (e.getValue().timedWait) {
                if (e.getKey().getKind() == ElementKind.CONSTRUCTOR) {
                    out.put(e.getKey(), "is a constructor (it runs in the write that creates the cloud)");
                } else if (writes.containsKey(e.getKey())) {
                    out.put(e.getKey(), "is a write (it " + writes.get(e.getKey()) + ")");
                }
            }
        }
        return out;
    }

    /** Computes the least fixpoint: nothing is a write until its facts or a call make it one. */
    void solve() {
        writes.clear();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<ExecutableElement, WriteFacts> e : facts.entrySet()) {
                if (writes.containsKey(e.getKey())) {
                    continue;
                }
                String reason = e.getValue().directReason();
                for (int i = 0; reason == null && i < e.getValue().calls.size(); i++) {
                    reason = reason(e.getValue().calls.get(i));
                }
                if (reason != null) {
                    writes.put(e.getKey(), reason);
                    changed = true;
                }
            }
        }
    }

    /**
     * Why {@code method}, a member of a cloud class, is a write, or null if it is a read. An abstract method is a
     * write only if some implementation is.
     */
    String writeReason(ExecutableElement method) {
        if (method.getModifiers().contains(Modifier.ABSTRACT)) {
            for (ExecutableElement impl : implementations(method)) {
                String r = implementationReason(impl);
                if (r != null) {
                    return "is implemented by " + owner(impl).getSimpleName() + "." + impl.getSimpleName()
                            + ", which " + r;
                }
            }
            return null;
        }
        return implementationReason(method);
    }

    private String reason(Call call) {
        for (ExecutableElement target : call.targets()) {
            List<ExecutableElement> impls = call.exact() ? List.of(target) : implementations(target);
            for (ExecutableElement impl : impls) {
                if (implementationReason(impl) != null) {
                    return switch (call.via()) {
                        case CALL -> "calls " + signature(target);
                        case CREATE -> "creates a " + owner(target).getSimpleName() + " (its constructor "
                                + implementationReason(impl) + ")";
                        case CALLBACK -> "passes an object to JDK code that may call " + impl.getSimpleName()
                                + " of " + owner(impl).getSimpleName();
                    };
                }
            }
        }
        return null;
    }

    /** The current verdict of one body: a body of this compilation, or what cannot be seen. */
    private String implementationReason(ExecutableElement impl) {
        if (facts.containsKey(impl)) {
            return writes.get(impl);
        }
        TypeElement owner = owner(impl);
        if (owner.getQualifiedName().contentEquals(CloudTypes.CLOUD_OBJECT)) {
            return CloudTypes.CLOUD_NOTIFY.contains(impl.getSimpleName().toString())
                    ? "calls " + impl.getSimpleName() : null;
        }
        if (WriteFactScanner.isCloudType(owner) && !impl.getModifiers().contains(Modifier.ABSTRACT)) {
            return "is in " + owner.getQualifiedName() + ", whose source is not in this compilation";
        }
        return null;
    }

    /** {@code method} unless abstract, and every override of it among the bodies of this compilation. */
    private List<ExecutableElement> implementations(ExecutableElement method) {
        List<ExecutableElement> impls = new ArrayList<>();
        if (!method.getModifiers().contains(Modifier.ABSTRACT)) {
            impls.add(method);
        }
        if (method.getKind() != ElementKind.METHOD || method.getModifiers().contains(Modifier.STATIC)
                || method.getModifiers().contains(Modifier.PRIVATE)) {
            return impls;
        }
        for (ExecutableElement m : facts.keySet()) {
            if (m != method && m.getKind() == ElementKind.METHOD && m.getSimpleName().equals(method.getSimpleName())
                    && elements.overrides(m, method, owner(m))) {
                impls.add(m);
            }
        }
        return impls;
    }

    /** Name and JVM descriptor of the erased declaration: {@code push(I)V}. */
    String signature(ExecutableElement m) {
        return m.getSimpleName() + m.getParameters().stream().map(p -> names.descriptor(p.asType()))
                .collect(Collectors.joining("", "(", ")"))
                + (m.getReturnType().getKind() == TypeKind.VOID ? "V" : names.descriptor(m.getReturnType()));
    }

    private static TypeElement owner(ExecutableElement m) {
        return (TypeElement) m.getEnclosingElement();
    }
}
