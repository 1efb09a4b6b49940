// A modular java.rmi program ported to Mobula (README, "Porting a java.rmi program", step 4)
module app {
    requires java.rmi;
    requires io.mobula.rmi;
    requires jdk.unsupported; // Mobula's serialization makes objects as Java serialization does (sun.reflect)
    exports app;
}
